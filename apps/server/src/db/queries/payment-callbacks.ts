import { maybeOne, type Queryable } from '../queryable.ts';

/**
 * A provider callback, accepted or not, with its outcome (one accepted row per provider and event id). `body` is
 * the whole body for an accepted callback and a short prefix for a rejected one (services/payments/webhooks.ts).
 */
export interface NewCallback {
  provider: string;
  eventId: string;
  paymentId: number | null;
  outcome: string;
  detail: string;
  body: string;
  bodyBytes: number;
  bodySha256: string;
  /** The shop clock's time it arrived (its 14-day keep is counted on that clock; ADR 0034). */
  receivedAt: Date;
}

/** Records a callback; false when that provider's event id is already recorded. */
export async function insertCallback(db: Queryable, c: NewCallback): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payment_callbacks (provider, event_id, payment_id, outcome, detail, body, body_bytes, body_sha256,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [c.provider, c.eventId, c.paymentId, c.outcome, c.detail, c.body, c.bodyBytes, c.bodySha256, c.receivedAt],
  );
  return rowCount === 1;
}

/** Whether that event was already handled (applied or deliberately ignored), so a replay has no effect. */
export async function callbackHandled(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const row = await maybeOne(
    db,
    `SELECT 1 FROM payment_callbacks WHERE provider = $1 AND event_id = $2 AND outcome IN ('processed', 'ignored')`,
    [provider, eventId],
  );
  return row !== null;
}

/**
 * Deletes up to `limit` rejected callbacks (every outcome but 'processed' and 'ignored') recorded before `before`,
 * oldest first, skipping rows another instance is deleting. Answers how many it deleted.
 */
export async function purgeRejectedCallbacks(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM payment_callbacks WHERE id IN (
       SELECT id FROM payment_callbacks
       WHERE outcome NOT IN ('processed', 'ignored') AND created_at < $1
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
