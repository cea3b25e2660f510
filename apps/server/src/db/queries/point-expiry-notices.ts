import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A lot a "points expiring" mail names: when it expires and what is left in it. */
export interface AnnouncedLotRow {
  expires_at: Date;
  remaining: number;
}

// A lot still holding points, expiring after $2 and by $3, and not yet named in a mail.
const DUE = `remaining > 0 AND expired_at IS NULL AND expires_at > $2 AND expires_at <= $3
  AND NOT EXISTS (SELECT 1 FROM point_expiry_notices n WHERE n.lot_id = l.id)`;

/** Members with points expiring in (now, until] that no mail has announced yet, at most `limit`. */
export async function membersWithUnannouncedExpiry(
  db: Queryable,
  now: Date,
  until: Date,
  limit: number,
): Promise<number[]> {
  const rows = await many<{ member_id: string }>(
    db,
    `SELECT DISTINCT member_id FROM point_lots l WHERE ${DUE} ORDER BY member_id LIMIT $1`,
    [limit, now, until],
  );
  return rows.map((r) => Number(r.member_id));
}

/**
 * The member's notice lock for the rest of the transaction (an advisory lock, so no point lot or member row is
 * held against purchases); false when another runner holds it, which then does this member's mail.
 */
export async function tryLockExpiryNotice(tx: Queryable, memberId: number): Promise<boolean> {
  const row = await maybeOne<{ ok: boolean }>(
    tx,
    "SELECT pg_try_advisory_xact_lock(hashtextextended('point-expiry-notice', $1)) AS ok",
    [memberId],
  );
  return row?.ok === true;
}

/** Marks the member's unannounced lots expiring in (now, until] as announced and returns them. */
export async function announceExpiringLots(
  tx: Queryable,
  memberId: number,
  now: Date,
  until: Date,
): Promise<AnnouncedLotRow[]> {
  return many<AnnouncedLotRow>(
    tx,
    `WITH due AS (SELECT id, expires_at, remaining FROM point_lots l WHERE member_id = $1 AND ${DUE}),
     noted AS (
       INSERT INTO point_expiry_notices (lot_id, member_id, created_at)
       SELECT id, $1, $2 FROM due ON CONFLICT DO NOTHING RETURNING lot_id)
     SELECT d.expires_at, d.remaining FROM due d JOIN noted ON noted.lot_id = d.id ORDER BY d.expires_at`,
    [memberId, now, until],
  );
}
