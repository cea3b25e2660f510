import type { StaffEventDetail, StaffEventKind, StaffRole } from '@oripa/core/admin';
import { many, oneNumber, type Queryable } from '../queryable.ts';

/** What staff are told (migration 0031, ADR 0046): staff_events, and what each staff member has read. */
export interface StaffEventRecord {
  id: number;
  kind: StaffEventKind;
  subject_id: number;
  detail: StaffEventDetail;
  created_at: Date;
}

export interface StaffNoticeRecord extends StaffEventRecord {
  read: boolean;
}

const toEvent = <T extends StaffEventRecord>(r: T): T => ({ ...r, id: Number(r.id), subject_id: Number(r.subject_id) });

/**
 * The job's look at what waits (once per state: the unique (kind, subject_id, state_key) refuses a state already
 * reported): parcels held (the state is the move that held them, so a parcel held again is told again), pending
 * bank transfers, approval requests waiting. Answers how many events were written.
 */
export async function insertWaitingEvents(db: Queryable, now: Date): Promise<number> {
  const held = await db.query(
    `INSERT INTO staff_events (kind, subject_id, state_key, detail, created_at)
     SELECT 'parcel.held', s.id,
       coalesce((SELECT max(e.id) FROM shipment_events e WHERE e.shipment_id = s.id AND e.to_status = 'held'), 0)::text,
       jsonb_build_object('member_id', s.member_id), $1
     FROM shipments s WHERE s.status = 'held'
     ON CONFLICT DO NOTHING`,
    [now],
  );
  const transfers = await db.query(
    `INSERT INTO staff_events (kind, subject_id, detail, created_at)
     SELECT 'transfer.waiting', p.id, jsonb_build_object('amount', p.amount, 'member_id', p.member_id), $1
     FROM payments p WHERE p.status = 'pending' AND p.pay_id = 4
     ON CONFLICT DO NOTHING`,
    [now],
  );
  const approvals = await db.query(
    `INSERT INTO staff_events (kind, subject_id, detail, created_at)
     SELECT 'approval.waiting', a.id, jsonb_build_object('approval_kind', a.kind), $1
     FROM approval_requests a WHERE a.status = 'pending'
     ON CONFLICT DO NOTHING`,
    [now],
  );
  return (held.rowCount ?? 0) + (transfers.rowCount ?? 0) + (approvals.rowCount ?? 0);
}

/** A staff member's notices: the kinds their role is told of, newest first, 50 before `before`. */
export async function listStaffNotices(
  db: Queryable,
  q: { staffId: number; kinds: StaffEventKind[]; unreadOnly: boolean; before: number | null },
): Promise<StaffNoticeRecord[]> {
  const rows = await many<StaffNoticeRecord>(
    db,
    `SELECT e.id, e.kind, e.subject_id, e.detail, e.created_at, r.staff_id IS NOT NULL AS read
     FROM staff_events e
     LEFT JOIN staff_notice_reads r ON r.event_id = e.id AND r.staff_id = $1
     WHERE e.kind = ANY ($2::text[]) AND ($4::bigint IS NULL OR e.id < $4)
       AND (NOT $3 OR r.staff_id IS NULL)
     ORDER BY e.id DESC LIMIT 50`,
    [q.staffId, q.kinds, q.unreadOnly, q.before],
  );
  return rows.map(toEvent);
}

/** How many of those are unread, counted up to 100 (the console shows 99+ beyond). */
export async function countUnreadStaffNotices(
  db: Queryable,
  q: { staffId: number; kinds: StaffEventKind[] },
): Promise<number> {
  return oneNumber(
    db,
    `SELECT count(*) FROM (
       SELECT 1 FROM staff_events e
       WHERE e.kind = ANY ($2::text[])
         AND NOT EXISTS (SELECT 1 FROM staff_notice_reads r WHERE r.event_id = e.id AND r.staff_id = $1)
       LIMIT 100) u`,
    [q.staffId, q.kinds],
  );
}

/**
 * Marks notices read for a staff member: the ids given, or every one of its kinds up to `upTo`; only events of
 * the kinds the staff member is told of (another's notice id changes nothing). Answers how many were marked.
 */
export async function markStaffNoticesRead(
  db: Queryable,
  m: { staffId: number; kinds: StaffEventKind[]; ids: number[] | null; upTo: number | null; now: Date },
): Promise<number> {
  const res = await db.query(
    `INSERT INTO staff_notice_reads (staff_id, event_id, read_at)
     SELECT $1, e.id, $5 FROM staff_events e
     WHERE e.kind = ANY ($2::text[])
       AND ($3::bigint[] IS NULL OR e.id = ANY ($3::bigint[]))
       AND ($4::bigint IS NULL OR e.id <= $4)
     ON CONFLICT DO NOTHING`,
    [m.staffId, m.kinds, m.ids, m.upTo, m.now],
  );
  return res.rowCount ?? 0;
}

/** Events not yet mailed, claimed for one digest run (SKIP LOCKED: two instances never mail one event twice). */
export async function claimUnmailedEvents(db: Queryable, now: Date, limit: number): Promise<StaffEventRecord[]> {
  const rows = await many<StaffEventRecord>(
    db,
    `UPDATE staff_events e SET mailed_at = $1
     WHERE e.id IN (SELECT id FROM staff_events WHERE mailed_at IS NULL ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING e.id, e.kind, e.subject_id, e.detail, e.created_at`,
    [now, limit],
  );
  return rows.map(toEvent).sort((a, b) => a.id - b.id);
}

/** Active staff (a password set, not disabled) with what their mails need. */
export interface StaffMailTarget {
  id: number;
  mail: string;
  name: string;
  role: StaffRole;
  lang: 'ja' | 'en';
  created_at: Date;
}

export async function listActiveStaffForMail(db: Queryable): Promise<StaffMailTarget[]> {
  const rows = await many<StaffMailTarget>(
    db,
    `SELECT id, mail, name, role, lang, created_at FROM staff
     WHERE disabled_at IS NULL AND pass_hash IS NOT NULL ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The language of a staff member's mails: the console's at their last sign-in. */
export async function setStaffLang(db: Queryable, staffId: number, lang: 'ja' | 'en'): Promise<void> {
  await db.query('UPDATE staff SET lang = $2 WHERE id = $1 AND lang <> $2', [staffId, lang]);
}
