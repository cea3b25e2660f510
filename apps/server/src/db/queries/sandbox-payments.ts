import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * The sandbox payment company's own books (DESIGN.md section 3): its intents and card tokens. Only the sandbox
 * gateway (services/payments/gateways/sandbox) and the sandbox pages read and write them, never the shop.
 */

export type SandboxIntentStatus =
  'pending' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled' | 'expired' | 'authorized';

export interface SandboxIntentRow {
  id: string;
  kind: '3ds' | 'card' | 'combini' | 'bank' | 'carrier' | `wallet_${string}`;
  amount: number;
  status: SandboxIntentStatus;
  merchant_ref: string;
  detail: Record<string, string>;
  return_url: string;
  expires_at: Date | null;
}

const intent = (row: SandboxIntentRow | null) => (row ? { ...row, amount: Number(row.amount) } : null);

export async function findIntent(db: Queryable, id: string): Promise<SandboxIntentRow | null> {
  return intent(await maybeOne<SandboxIntentRow>(db, 'SELECT * FROM sandbox_intents WHERE id = $1', [id]));
}

/** The latest intent the shop made for one of its payment ids (checkout sessions left out). */
export async function findIntentByMerchantRef(db: Queryable, merchantRef: string): Promise<SandboxIntentRow | null> {
  return intent(
    await maybeOne<SandboxIntentRow>(
      db,
      `SELECT * FROM sandbox_intents WHERE merchant_ref = $1 AND kind <> 'wallet_session' ORDER BY created_at DESC LIMIT 1`,
      [merchantRef],
    ),
  );
}

export async function insertIntent(db: Queryable, i: SandboxIntentRow): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_intents (id, kind, amount, status, merchant_ref, detail, return_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [i.id, i.kind, i.amount, i.status, i.merchant_ref, JSON.stringify(i.detail), i.return_url, i.expires_at],
  );
}

/** Moves an intent that is in one of `from`; null when it was not (any more). */
export async function updateIntentStatus(
  db: Queryable,
  id: string,
  to: SandboxIntentStatus,
  from: SandboxIntentStatus[],
): Promise<SandboxIntentRow | null> {
  return intent(
    await maybeOne<SandboxIntentRow>(
      db,
      `UPDATE sandbox_intents SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING *`,
      [id, to, from],
    ),
  );
}

/** The provider's dashboard: intents in one of `statuses`, newest first (checkout sessions left out). */
export async function listIntents(db: Queryable, statuses: SandboxIntentStatus[]): Promise<SandboxIntentRow[]> {
  return many<SandboxIntentRow>(
    db,
    `SELECT * FROM sandbox_intents WHERE status = ANY($1) AND kind <> 'wallet_session' ORDER BY created_at DESC LIMIT 50`,
    [statuses],
  );
}

export interface SandboxCardRow {
  token: string;
  last4: string;
  brand: string;
  fingerprint: string;
  expire: string;
  reusable: boolean;
  used_at: Date | null;
}

export async function insertCardToken(
  db: Queryable,
  c: { token: string; last4: string; brand: string; fingerprint: string; expire: string; holder: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_card_tokens (token, last4, brand, fingerprint, expire, holder) VALUES ($1, $2, $3, $4, $5, $6)`,
    [c.token, c.last4, c.brand, c.fingerprint, c.expire, c.holder],
  );
}

export async function findReusableCard(db: Queryable, ref: string): Promise<SandboxCardRow | null> {
  return maybeOne<SandboxCardRow>(db, 'SELECT * FROM sandbox_card_tokens WHERE token = $1 AND reusable', [ref]);
}

/** Marks a fresh one-time token used in the same statement that reads it, so two charges cannot share it. */
export async function takeOneTimeToken(db: Queryable, token: string): Promise<SandboxCardRow | null> {
  return maybeOne<SandboxCardRow>(
    db,
    `UPDATE sandbox_card_tokens SET used_at = now() WHERE token = $1 AND NOT reusable AND used_at IS NULL
       AND created_at > now() - interval '30 minutes' RETURNING *`,
    [token],
  );
}

export async function cardTokenExists(db: Queryable, token: string): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM sandbox_card_tokens WHERE token = $1', [token])) !== null;
}

/** A reusable copy of a (just used) one-time token under a new reference: the saved card. */
export async function copyAsReusableCard(db: Queryable, token: string, ref: string): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_card_tokens (token, last4, brand, fingerprint, expire, holder, reusable)
     SELECT $2, last4, brand, fingerprint, expire, holder, true FROM sandbox_card_tokens WHERE token = $1`,
    [token, ref],
  );
}
