import { insertReturningId, many, maybeOne, type Queryable } from '../queryable.ts';

export interface PartnerSiteRow {
  id: number;
  name: string;
  name_en: string;
  adapter: 'sandbox' | 'http';
  endpoint: string | null;
}

const SITE = 'id::int AS id, name, name_en, adapter, endpoint';

export async function listPartnerSites(db: Queryable): Promise<PartnerSiteRow[]> {
  return many<PartnerSiteRow>(db, `SELECT ${SITE} FROM partner_sites WHERE active ORDER BY sort, id`);
}

export async function findPartnerSite(db: Queryable, id: number): Promise<PartnerSiteRow | null> {
  return maybeOne<PartnerSiteRow>(db, `SELECT ${SITE} FROM partner_sites WHERE id = $1 AND active`, [id]);
}

/** The site whether enabled or not: a transfer already pending is settled even after the console disabled it. */
export async function findPartnerSiteOfTransfer(db: Queryable, id: number): Promise<PartnerSiteRow | null> {
  return maybeOne<PartnerSiteRow>(db, `SELECT ${SITE} FROM partner_sites WHERE id = $1`, [id]);
}

export async function insertPartnerSite(
  db: Queryable,
  s: { name: string; nameEn: string; adapter: 'sandbox' | 'http'; endpoint: string | null; sort: number },
): Promise<number> {
  return insertReturningId(
    db,
    'INSERT INTO partner_sites (name, name_en, adapter, endpoint, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [s.name, s.nameEn, s.adapter, s.endpoint, s.sort],
  );
}

export async function anyPartnerSite(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM partner_sites LIMIT 1')) !== null;
}

export interface PartnerLinkRow {
  site_id: number;
  partner_account: string;
}

export async function memberPartnerLinks(db: Queryable, memberId: number): Promise<PartnerLinkRow[]> {
  return many<PartnerLinkRow>(
    db,
    'SELECT site_id::int AS site_id, partner_account FROM partner_links WHERE member_id = $1',
    [memberId],
  );
}

export async function findPartnerLink(db: Queryable, memberId: number, siteId: number) {
  return maybeOne<PartnerLinkRow>(
    db,
    'SELECT site_id::int AS site_id, partner_account FROM partner_links WHERE member_id = $1 AND site_id = $2',
    [memberId, siteId],
  );
}

/** Links (or re-links to another account of) the partner site. */
export async function upsertPartnerLink(db: Queryable, memberId: number, siteId: number, account: string, now: Date) {
  await db.query(
    `INSERT INTO partner_links (member_id, site_id, partner_account, linked_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, site_id) DO UPDATE SET partner_account = EXCLUDED.partner_account,
       linked_at = EXCLUDED.linked_at`,
    [memberId, siteId, account, now],
  );
}

export interface PartnerTransferRow {
  id: number;
  member_id: number;
  site_id: number;
  partner_account: string;
  point: number;
  idempotency_key: string;
  status: 'pending' | 'done' | 'failed';
  error: string;
  attempts: number;
}

const TRANSFER = `id::int AS id, member_id::int AS member_id, site_id::int AS site_id, partner_account,
  point::int AS point, idempotency_key, status, error, attempts`;

/**
 * A new pending transfer, or null when this member already has one in flight for the site (the partial unique
 * index) or the key was used (a double submit): the caller answers from the existing row.
 */
export async function insertPendingTransfer(
  db: Queryable,
  t: { memberId: number; siteId: number; account: string; point: number; key: string; now: Date; retryAt: Date },
): Promise<PartnerTransferRow | null> {
  return maybeOne<PartnerTransferRow>(
    db,
    `INSERT INTO partner_transfers (member_id, site_id, partner_account, point, idempotency_key, next_attempt_at,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING ${TRANSFER}`,
    [t.memberId, t.siteId, t.account, t.point, t.key, t.retryAt, t.now],
  );
}

export async function findTransferByKey(db: Queryable, key: string): Promise<PartnerTransferRow | null> {
  return maybeOne<PartnerTransferRow>(db, `SELECT ${TRANSFER} FROM partner_transfers WHERE idempotency_key = $1`, [
    key,
  ]);
}

export async function hasPendingTransfer(db: Queryable, memberId: number, siteId: number): Promise<boolean> {
  const row = await maybeOne(
    db,
    "SELECT 1 FROM partner_transfers WHERE member_id = $1 AND site_id = $2 AND status = 'pending'",
    [memberId, siteId],
  );
  return row !== null;
}

/** The sites where this member has a transfer waiting for the partner's answer. */
export async function pendingTransferSites(db: Queryable, memberId: number): Promise<number[]> {
  const rows = await many<{ site_id: number }>(
    db,
    "SELECT site_id::int AS site_id FROM partner_transfers WHERE member_id = $1 AND status = 'pending'",
    [memberId],
  );
  return rows.map((r) => r.site_id);
}

/** The transfer locked for settling; null once it is settled (the request and the job settle at most once). */
export async function lockPendingTransfer(tx: Queryable, id: number): Promise<PartnerTransferRow | null> {
  return maybeOne<PartnerTransferRow>(
    tx,
    `SELECT ${TRANSFER} FROM partner_transfers WHERE id = $1 AND status = 'pending' FOR UPDATE`,
    [id],
  );
}

export async function settleTransfer(
  tx: Queryable,
  id: number,
  status: 'done' | 'failed',
  error: string,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE partner_transfers SET status = $2, error = $3, settled_at = $4 WHERE id = $1', [
    id,
    status,
    error,
    now,
  ]);
}

/**
 * Claims due pending transfers for the reconcile job (rows another instance holds are skipped) and moves their
 * next attempt out by the back-off, so each is retried by one instance at a time.
 */
export async function claimDueTransfers(tx: Queryable, now: Date, limit: number): Promise<PartnerTransferRow[]> {
  return many<PartnerTransferRow>(
    tx,
    `UPDATE partner_transfers t
     SET attempts = t.attempts + 1,
         next_attempt_at = $1::timestamptz + least(interval '1 hour', interval '30 seconds' * power(2, t.attempts))
     FROM (SELECT id FROM partner_transfers WHERE status = 'pending' AND next_attempt_at <= $1
           ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
     WHERE t.id = due.id
     RETURNING t.id::int AS id, t.member_id::int AS member_id, t.site_id::int AS site_id, t.partner_account,
       t.point::int AS point, t.idempotency_key, t.status, t.error, t.attempts`,
    [now, limit],
  );
}
