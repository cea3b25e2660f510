import { maybeOne, type Queryable } from '../queryable.ts';

/**
 * Idle accounts (spec section 9; ADR 0037): the notice job's and the closing job's claims, the notices, and what
 * the console shows. An account is open while withdrawn_at is NULL (the column says when it closed, by withdrawal
 * or idleness); suspended members are left alone (they cannot act, so their idle time does not run out).
 */

export interface IdleCandidateRow {
  id: number;
  last_activity_at: Date;
  mail: string;
  lang: 'ja' | 'en';
  last_name: string;
  first_name: string;
  point_balance: number;
}

/**
 * One open member with no notice yet for its current idle period and last active at or before `until`, oldest
 * activity first, locked (SKIP LOCKED: another runner takes the next one). Null when there is none.
 */
export async function claimIdleNoticeCandidate(tx: Queryable, until: Date): Promise<IdleCandidateRow | null> {
  return maybeOne<IdleCandidateRow>(
    tx,
    `SELECT m.id, m.last_activity_at, m.mail, m.lang, m.last_name, m.first_name, m.point_balance FROM members m
     WHERE m.withdrawn_at IS NULL AND m.suspended_at IS NULL AND m.last_activity_at <= $1
       AND NOT EXISTS (SELECT 1 FROM idle_notices n WHERE n.member_id = m.id AND n.last_activity_at = m.last_activity_at)
     ORDER BY m.last_activity_at, m.id LIMIT 1 FOR UPDATE OF m SKIP LOCKED`,
    [until],
  );
}

/** Records the notice of one idle period; false when it exists already (then no mail goes out). */
export async function insertIdleNotice(
  tx: Queryable,
  n: { memberId: number; lastActivityAt: Date; closesAt: Date; now: Date },
): Promise<boolean> {
  const row = await maybeOne(
    tx,
    `INSERT INTO idle_notices (member_id, last_activity_at, closes_at, sent_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING member_id`,
    [n.memberId, n.lastActivityAt, n.closesAt, n.now],
  );
  return row !== null;
}

export async function setIdleNoticeMail(tx: Queryable, memberId: number, lastActivityAt: Date, outboxId: number) {
  await tx.query('UPDATE idle_notices SET outbox_id = $3 WHERE member_id = $1 AND last_activity_at = $2', [
    memberId,
    lastActivityAt,
    outboxId,
  ]);
}

/**
 * One open member whose notice of its current idle period announced a closure at or before `now`, locked (SKIP
 * LOCKED), skipping `skip` (members this run put off). Null when there is none.
 */
export async function claimIdleClosure(tx: Queryable, now: Date, skip: number[]): Promise<number | null> {
  const row = await maybeOne<{ id: string }>(
    tx,
    `SELECT m.id FROM idle_notices n JOIN members m ON m.id = n.member_id AND m.last_activity_at = n.last_activity_at
     WHERE n.closes_at <= $1 AND m.withdrawn_at IS NULL AND m.suspended_at IS NULL AND m.id <> ALL ($2::bigint[])
     ORDER BY n.closes_at, m.id LIMIT 1 FOR UPDATE OF m SKIP LOCKED`,
    [now, skip],
  );
  return row ? Number(row.id) : null;
}

export interface IdleStandingRow {
  last_activity_at: Date;
  withdrawn_at: Date | null;
  closed_reason: 'withdrawal' | 'idle' | null;
  /** The notice of the current idle period, if one went out. */
  notice_sent_at: Date | null;
  notice_closes_at: Date | null;
}

/** A member's idle standing (the closing job re-reads it under its lock; the console shows it). */
export async function idleStanding(db: Queryable, memberId: number): Promise<IdleStandingRow | null> {
  return maybeOne<IdleStandingRow>(
    db,
    `SELECT m.last_activity_at, m.withdrawn_at, m.closed_reason, n.sent_at AS notice_sent_at,
       n.closes_at AS notice_closes_at
     FROM members m LEFT JOIN idle_notices n ON n.member_id = m.id AND n.last_activity_at = m.last_activity_at
     WHERE m.id = $1`,
    [memberId],
  );
}
