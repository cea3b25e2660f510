import { maybeOne, type Queryable } from '../queryable.ts';

/** The sandbox partner's own accounts (services/programmes/partner/gateways/sandbox-partner.ts). */
export interface SandboxPartnerAccountRow {
  loginid: string;
  pass_hash: string;
  tel: string;
  balance: number;
}

export async function findSandboxPartnerAccount(
  db: Queryable,
  siteId: number,
  loginid: string,
): Promise<SandboxPartnerAccountRow | null> {
  return maybeOne<SandboxPartnerAccountRow>(
    db,
    'SELECT loginid, pass_hash, tel, balance::int AS balance FROM sandbox_partner_accounts WHERE site_id = $1 AND loginid = $2',
    [siteId, loginid],
  );
}

export async function sandboxPartnerBalance(db: Queryable, siteId: number, loginid: string): Promise<number> {
  const row = await findSandboxPartnerAccount(db, siteId, loginid);
  return row ? Number(row.balance) : 0;
}

/** Records a debit under its key; false when the key was used before (the first debit stands). */
export async function recordSandboxPartnerDebit(
  tx: Queryable,
  siteId: number,
  loginid: string,
  point: number,
  key: string,
): Promise<boolean> {
  const row = await maybeOne(
    tx,
    `INSERT INTO sandbox_partner_debits (idempotency_key, site_id, loginid, point) VALUES ($1, $2, $3, $4)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1 AS ok`,
    [key, siteId, loginid, point],
  );
  return row !== null;
}

/** Takes points from the account when it holds them; false (nothing changed) otherwise. */
export async function debitSandboxPartnerBalance(
  tx: Queryable,
  siteId: number,
  loginid: string,
  point: number,
): Promise<boolean> {
  const row = await maybeOne(
    tx,
    `UPDATE sandbox_partner_accounts SET balance = balance - $3
     WHERE site_id = $1 AND loginid = $2 AND balance >= $3 RETURNING 1 AS ok`,
    [siteId, loginid, point],
  );
  return row !== null;
}

export async function upsertSandboxPartnerAccount(
  db: Queryable,
  a: { siteId: number; loginid: string; passHash: string; tel: string; balance: number },
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_partner_accounts (site_id, loginid, pass_hash, tel, balance) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, loginid) DO UPDATE SET pass_hash = EXCLUDED.pass_hash, tel = EXCLUDED.tel,
       balance = EXCLUDED.balance`,
    [a.siteId, a.loginid, a.passHash, a.tel, a.balance],
  );
}
