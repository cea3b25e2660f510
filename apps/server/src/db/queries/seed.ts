import { maybeOne, type Queryable } from '../queryable.ts';

// One advisory lock key for seeding, so two instances starting on an empty database seed it once.
const SEED_LOCK = 727002;

/** Waits for the seeding lock; it is held by the session of `db` (one client) until unlockSeeding. */
export async function lockSeeding(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
}

export async function unlockSeeding(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]);
}

/** Whether the shop has any point course (the demo courses are seeded only into an empty table). */
export async function hasAnyPointCourse(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM point_courses LIMIT 1')) !== null;
}

export async function insertPointCourse(
  db: Queryable,
  c: { point: number; price: number; memo: string; memoEn: string; sort: number },
): Promise<void> {
  await db.query('INSERT INTO point_courses (point, price, memo, memo_en, sort) VALUES ($1, $2, $3, $4, $5)', [
    c.point,
    c.price,
    c.memo,
    c.memoEn,
    c.sort,
  ]);
}

/** Whether the shop has a coin course (issue 11; the demo ones are seeded only when it has none). */
export async function hasAnyCoinCourse(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, "SELECT 1 FROM point_courses WHERE currency = 'coin' LIMIT 1")) !== null;
}

export async function insertCoinCourse(
  db: Queryable,
  c: { point: number; price: number; memo: string; memoEn: string; sort: number },
): Promise<void> {
  await db.query(
    "INSERT INTO point_courses (point, price, memo, memo_en, sort, currency) VALUES ($1, $2, $3, $4, $5, 'coin')",
    [c.point, c.price, c.memo, c.memoEn, c.sort],
  );
}

/** Whether any shipment exists (the demo parcels are seeded only into an empty queue). */
export async function anyShipmentExists(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM shipments LIMIT 1')) !== null;
}

/** The drawn cards of one purchase (history ids), for a demo member's decision. */
export async function purchaseCardIds(db: Queryable, purchaseId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM purchase_cards WHERE purchase_id = $1 ORDER BY id', [
    purchaseId,
  ]);
  return rows.map((r) => Number(r.id));
}

/** The shipment a purchase's shipped cards went into. */
export async function shipmentOfPurchase(db: Queryable, purchaseId: number): Promise<number> {
  const row = await maybeOne<{ shipment_id: string }>(
    db,
    'SELECT shipment_id FROM purchase_cards WHERE purchase_id = $1 AND shipment_id IS NOT NULL LIMIT 1',
    [purchaseId],
  );
  if (!row) throw new Error(`purchase ${purchaseId} shipped nothing`);
  return Number(row.shipment_id);
}
