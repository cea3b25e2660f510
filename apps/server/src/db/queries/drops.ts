import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A pack's drop settings with its sale start; the seed only as hex once the pre-queue is shuffled. */
export interface DropRow {
  pack_id: number;
  start_date: Date;
  prequeue_minutes: number;
  admit_per_minute: number;
  stay_minutes: number;
  seed_hash: string;
  revealed_seed: string | null;
  shuffled_at: Date | null;
  last_place: number;
}

const DROP_COLUMNS = `d.pack_id::int AS pack_id, p.start_date, d.prequeue_minutes, d.admit_per_minute, d.stay_minutes,
  d.seed_hash, CASE WHEN d.shuffled_at IS NOT NULL THEN encode(d.seed, 'hex') END AS revealed_seed, d.shuffled_at,
  d.last_place`;

export const findDrop = (db: Queryable, packId: number) =>
  maybeOne<DropRow>(
    db,
    `SELECT ${DROP_COLUMNS} FROM pack_drops d JOIN packs p ON p.id = d.pack_id WHERE d.pack_id = $1`,
    [packId],
  );

/** The drop's row locked: FOR UPDATE by the shuffle and by a late arrival taking the next place, FOR SHARE by a pre-queue join. */
export const lockDrop = (db: Queryable, packId: number, mode: 'UPDATE' | 'SHARE') =>
  maybeOne<DropRow>(
    db,
    `SELECT ${DROP_COLUMNS} FROM pack_drops d JOIN packs p ON p.id = d.pack_id WHERE d.pack_id = $1 FOR ${mode} OF d`,
    [packId],
  );

/** Creates or replaces a pack's drop settings; a new seed (and commitment) each time, since none was revealed. */
export const saveDrop = (
  db: Queryable,
  packId: number,
  s: { prequeueMinutes: number; admitPerMinute: number; stayMinutes: number; seed: Buffer; seedHash: string },
) =>
  db.query(
    `INSERT INTO pack_drops (pack_id, prequeue_minutes, admit_per_minute, stay_minutes, seed, seed_hash)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (pack_id) DO UPDATE SET prequeue_minutes = $2, admit_per_minute = $3, stay_minutes = $4, seed = $5,
       seed_hash = $6, updated_at = now()`,
    [packId, s.prequeueMinutes, s.admitPerMinute, s.stayMinutes, s.seed, s.seedHash],
  );

export interface QueueEntryRow {
  entry_code: string;
  joined_at: Date;
  prequeue: boolean;
  place: number | null;
  admit_at: Date | null;
}

export const findEntry = (db: Queryable, packId: number, memberId: number) =>
  maybeOne<QueueEntryRow>(
    db,
    `SELECT entry_code, joined_at, prequeue, place, admit_at FROM drop_queue WHERE pack_id = $1 AND member_id = $2`,
    [packId, memberId],
  );

/** Every entry with a place, for an instance's copy once the pre-queue is shuffled (services/drops/entry-cache.ts). */
export const placedEntries = (db: Queryable, packId: number) =>
  many<QueueEntryRow & { member_id: string }>(
    db,
    `SELECT member_id, entry_code, joined_at, prequeue, place, admit_at
     FROM drop_queue WHERE pack_id = $1 AND place IS NOT NULL`,
    [packId],
  ).then((rows) => rows.map((r) => ({ ...r, member_id: Number(r.member_id) })));

export interface PrequeueJoin {
  memberId: number;
  code: string;
  /** The shop clock when this member's join arrived (their place in arrival order, for the record). */
  now: Date;
}

/**
 * Pre-queue arrivals of one drop in one statement (ADR 0057): the drop row FOR SHARE (so never across the shuffle,
 * which takes it FOR UPDATE, and only while it is not shuffled), the inserts, and each member's entry, new or kept
 * (another tab). One round trip and one commit for a batch of joins instead of a five-statement transaction each:
 * the pre-queue's join burst holds the pool and the WAL a fraction as long. 'shuffled': the start came first (the
 * callers queue late). A member missing from the answer had their entry written by a join that committed after this
 * statement began (another tab at the same instant): read it by key.
 */
export async function joinPrequeueEntries(
  db: Queryable,
  packId: number,
  joins: PrequeueJoin[],
): Promise<Map<number, QueueEntryRow> | 'shuffled'> {
  const { rows } = await db.query<QueueEntryRow & { open: boolean; member_id: string | null }>(
    `WITH d AS (
       SELECT pack_id FROM pack_drops WHERE pack_id = $1 AND shuffled_at IS NULL FOR SHARE
     ), i AS (
       SELECT * FROM unnest($2::bigint[], $3::text[], $4::timestamptz[]) AS i(member_id, code, at)
     ), ins AS (
       INSERT INTO drop_queue (pack_id, member_id, entry_code, joined_at, prequeue)
       SELECT d.pack_id, i.member_id, i.code, i.at, true FROM d, i
       ON CONFLICT (pack_id, member_id) DO NOTHING
       RETURNING member_id, entry_code, joined_at, prequeue, place, admit_at
     )
     SELECT true AS open, member_id, entry_code, joined_at, prequeue, place, admit_at FROM ins
     UNION ALL
     SELECT true, q.member_id, q.entry_code, q.joined_at, q.prequeue, q.place, q.admit_at
       FROM drop_queue q, d WHERE q.pack_id = $1 AND q.member_id = ANY($2::bigint[])
       AND q.member_id NOT IN (SELECT member_id FROM ins)
     UNION ALL
     SELECT false, NULL, NULL, NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM d)`,
    [packId, joins.map((j) => j.memberId), joins.map((j) => j.code), joins.map((j) => j.now)],
  );
  if (rows.some((r) => !r.open)) return 'shuffled';
  const entries = new Map<number, QueueEntryRow>();
  for (const r of rows) {
    const { entry_code, joined_at, prequeue, place, admit_at } = r;
    entries.set(Number(r.member_id), { entry_code, joined_at, prequeue, place, admit_at });
  }
  return entries;
}

/** A late arrival (or a lapsed member queuing again) at `place`, under the drop's lock. */
export const upsertLateEntry = (
  db: Queryable,
  packId: number,
  memberId: number,
  e: { code: string; now: Date; place: number; admitAt: Date },
) =>
  db.query(
    `INSERT INTO drop_queue (pack_id, member_id, entry_code, joined_at, prequeue, place, admit_at)
     VALUES ($1, $2, $3, $4, false, $5, $6)
     ON CONFLICT (pack_id, member_id) DO UPDATE SET entry_code = $3, joined_at = $4, prequeue = false, place = $5,
       admit_at = $6`,
    [packId, memberId, e.code, e.now, e.place, e.admitAt],
  );

export const setLastPlace = (db: Queryable, packId: number, lastPlace: number) =>
  db.query(`UPDATE pack_drops SET last_place = $2 WHERE pack_id = $1`, [packId, lastPlace]);

/** The admissions that bound the next late arrival's: the place `rate` ahead of it and the last place. */
export const admitAtOfPlaces = (db: Queryable, packId: number, places: number[]) =>
  many<{ place: number; admit_at: Date }>(
    db,
    `SELECT place, admit_at FROM drop_queue WHERE pack_id = $1 AND place = ANY($2::int[])`,
    [packId, places],
  );

/** The pre-queue's entry codes, to be shuffled. */
export const prequeueCodes = (db: Queryable, packId: number) =>
  many<{ entry_code: string }>(
    db,
    `SELECT entry_code FROM drop_queue WHERE pack_id = $1 AND prequeue AND place IS NULL`,
    [packId],
  ).then((rows) => rows.map((r) => r.entry_code));

/** Gives the shuffled pre-queue its places and admission times, and reveals the seed (shuffled_at). */
export async function applyShuffle(
  db: Queryable,
  packId: number,
  order: { codes: string[]; admitAt: Date[] },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE drop_queue q SET place = o.place, admit_at = o.admit_at
     FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS o(code, admit_at, place)
     WHERE q.pack_id = $1 AND q.entry_code = o.code`,
    [packId, order.codes, order.admitAt],
  );
  await db.query(`UPDATE pack_drops SET shuffled_at = $2, last_place = $3 WHERE pack_id = $1`, [
    packId,
    now,
    order.codes.length,
  ]);
}

/** The queue at a glance: how many hold a place, the highest place admitted by `now`, the pre-queue's size. */
export const queueSnapshot = (db: Queryable, packId: number, now: Date) =>
  maybeOne<{ queued: number; admitted_through: number }>(
    db,
    `SELECT count(*)::int AS queued, coalesce(max(place) FILTER (WHERE admit_at <= $2), 0)::int AS admitted_through
     FROM drop_queue WHERE pack_id = $1`,
    [packId, now],
  ).then((r) => r ?? { queued: 0, admitted_through: 0 });

/** The published order of the pre-queue (entry codes by place), for the verifier. */
export const prequeueOrder = (db: Queryable, packId: number) =>
  many<{ entry_code: string }>(
    db,
    `SELECT entry_code FROM drop_queue WHERE pack_id = $1 AND prequeue AND place IS NOT NULL ORDER BY place`,
    [packId],
  ).then((rows) => rows.map((r) => r.entry_code));

/** The secret seed, read only inside the shuffle's transaction. */
export const dropSeedHex = (db: Queryable, packId: number) =>
  maybeOne<{ seed: string }>(db, `SELECT encode(seed, 'hex') AS seed FROM pack_drops WHERE pack_id = $1`, [
    packId,
  ]).then((r) => r!.seed);
