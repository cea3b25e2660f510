import type {
  AdminExchangeCardRow,
  AdminExchangeOrderRow,
  AdminPartnerSiteRow,
  AdminSnsCampaignRow,
  ExchangeCardInput,
  SnsCampaignInput,
} from '@oripa/core/admin';
import { insertExchangeCard } from './exchange.ts';
import { many, maybeOne, oneNumber, type Queryable } from '../queryable.ts';

/** The console's reads and writes of the programmes' settings (issue 11); services/admin/programmes.ts audits. */

/** The wire row as it is: the SQL names its columns so. */
export type AdminExchangeCardRecord = AdminExchangeCardRow;

const EXCHANGE_CARD = `c.id::int AS id, c.name AS name_ja, c.name_en, c.image_url, c.rarity, c.model_number, c.price,
  c.convert_point, c.no_reduction, c.stock_total, c.stock_left, c.sort, c.active,
  (SELECT count(*)::int FROM exchange_orders o WHERE o.exchange_card_id = c.id) AS orders`;

/** Every exchange card, listed or closed, in the members' display order. */
export async function listAllExchangeCards(db: Queryable): Promise<AdminExchangeCardRecord[]> {
  return many(db, `SELECT ${EXCHANGE_CARD} FROM exchange_cards c ORDER BY c.active DESC, c.sort, c.id`);
}

export async function lockExchangeCardRecord(db: Queryable, id: number): Promise<AdminExchangeCardRecord | null> {
  return maybeOne(db, `SELECT ${EXCHANGE_CARD} FROM exchange_cards c WHERE c.id = $1 FOR UPDATE`, [id]);
}

const cardValues = (c: ExchangeCardInput) => [
  c.name_ja,
  c.name_en,
  c.image_url,
  c.rarity,
  c.model_number,
  c.price,
  c.convert_point,
  c.no_reduction,
  c.stock_total,
  c.sort,
];

/** A new card from the console's form, through the one INSERT the demo seed uses too (exchange.ts). */
export function insertExchangeCardRecord(db: Queryable, c: ExchangeCardInput): Promise<number> {
  return insertExchangeCard(db, {
    name: c.name_ja,
    nameEn: c.name_en,
    imageUrl: c.image_url,
    rarity: c.rarity,
    modelNumber: c.model_number,
    price: c.price,
    convertPoint: c.convert_point,
    noReduction: c.no_reduction,
    stock: c.stock_total,
    sort: c.sort,
  });
}

/**
 * Changes a card. The stock moves by the change of the total (what members took stays taken): one statement under
 * the row lock, so an exchange at the same moment either took its card before (and is counted) or after. Null
 * when the new total is below what was taken (nothing changes).
 */
export async function updateExchangeCardRecord(db: Queryable, id: number, c: ExchangeCardInput): Promise<boolean> {
  const row = await maybeOne(
    db,
    `UPDATE exchange_cards SET name = $2, name_en = $3, image_url = $4, rarity = $5, model_number = $6, price = $7,
       convert_point = $8, no_reduction = $9, stock_left = stock_left + ($10 - stock_total), stock_total = $10,
       sort = $11
     WHERE id = $1 AND stock_left + ($10 - stock_total) >= 0 RETURNING id`,
    [id, ...cardValues(c)],
  );
  return row !== null;
}

export async function setExchangeCardActive(db: Queryable, id: number, active: boolean): Promise<void> {
  await db.query('UPDATE exchange_cards SET active = $2 WHERE id = $1', [id, active]);
}

export type AdminExchangeOrderRecord = Omit<AdminExchangeOrderRow, 'created_at' | 'decided_at'> & {
  created_at: Date;
  decided_at: Date | null;
};

export interface ExchangeOrderFilter {
  status?: 'pending' | 'ship' | 'convert' | undefined;
  q?: string | undefined;
}

export const EXCHANGE_ORDER_SORTS = { id: 'o.id', created_at: 'o.created_at' } as const;

function orderWhere(f: ExchangeOrderFilter): { sql: string; args: unknown[] } {
  const args: unknown[] = [f.status ?? null];
  let sql = '($1::text IS NULL OR o.status = $1)';
  const q = f.q?.trim();
  if (q) {
    args.push(q);
    sql += ` AND (o.id::text = $2 OR o.member_id::text = $2
      OR c.name ILIKE '%' || replace(replace($2, '%', ''), '_', '') || '%')`;
  }
  return { sql, args };
}

const ORDER_FROM = `FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id
  LEFT JOIN shipments s ON s.id = o.shipment_id`;

export async function countExchangeOrders(db: Queryable, f: ExchangeOrderFilter): Promise<number> {
  const w = orderWhere(f);
  return oneNumber(db, `SELECT count(*)::int AS n ${ORDER_FROM} WHERE ${w.sql}`, w.args);
}

export async function listExchangeOrders(
  db: Queryable,
  f: ExchangeOrderFilter,
  sort: keyof typeof EXCHANGE_ORDER_SORTS,
  desc: boolean,
  limit: number,
  offset: number,
): Promise<AdminExchangeOrderRecord[]> {
  const w = orderWhere(f);
  const n = w.args.length;
  const dir = desc ? 'DESC' : 'ASC';
  return many(
    db,
    `SELECT o.id::int AS id, o.member_id::int AS member_id, c.id::int AS card_id, c.name AS card_name, o.price,
       o.status, o.returned_point, o.shipment_id::int AS shipment_id, s.status AS shipment_status, o.created_at,
       o.decided_at
     ${ORDER_FROM} WHERE ${w.sql}
     ORDER BY ${EXCHANGE_ORDER_SORTS[sort]} ${dir}, o.id ${dir} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.args, limit, offset],
  );
}

/** The wire row but for the sum, which PostgreSQL gives as text (numeric). */
export type AdminPartnerSiteRecord = Omit<AdminPartnerSiteRow, 'points_moved'> & { points_moved: string };

const PARTNER_SITE = `p.id::int AS id, p.name, p.name_en, p.adapter, p.endpoint, p.active,
  (SELECT count(*)::int FROM partner_links l WHERE l.site_id = p.id) AS links,
  (SELECT count(*)::int FROM partner_transfers t WHERE t.site_id = p.id AND t.status = 'done') AS transfers_done,
  (SELECT count(*)::int FROM partner_transfers t WHERE t.site_id = p.id AND t.status = 'pending') AS transfers_pending,
  (SELECT count(*)::int FROM partner_transfers t WHERE t.site_id = p.id AND t.status = 'failed') AS transfers_failed,
  (SELECT coalesce(sum(t.point), 0) FROM partner_transfers t WHERE t.site_id = p.id AND t.status = 'done')
    AS points_moved`;

export async function listAllPartnerSites(db: Queryable): Promise<AdminPartnerSiteRecord[]> {
  return many(db, `SELECT ${PARTNER_SITE} FROM partner_sites p ORDER BY p.sort, p.id`);
}

export async function lockPartnerSiteRecord(db: Queryable, id: number): Promise<AdminPartnerSiteRecord | null> {
  return maybeOne(db, `SELECT ${PARTNER_SITE} FROM partner_sites p WHERE p.id = $1 FOR UPDATE OF p`, [id]);
}

export async function setPartnerSiteActive(db: Queryable, id: number, active: boolean): Promise<void> {
  await db.query('UPDATE partner_sites SET active = $2 WHERE id = $1', [id, active]);
}

export type AdminSnsCampaignRecord = Omit<AdminSnsCampaignRow, 'starts_at' | 'ends_at' | 'points_granted'> & {
  starts_at: Date | null;
  ends_at: Date | null;
  points_granted: string;
};

const CAMPAIGN = `c.code, c.point, c.follow_url, c.starts_at, c.ends_at, c.active,
  (SELECT count(*)::int FROM sns_campaign_claims k WHERE k.code = c.code) AS claims,
  (SELECT coalesce(sum(k.point), 0) FROM sns_campaign_claims k WHERE k.code = c.code) AS points_granted`;

export async function listAllSnsCampaigns(db: Queryable): Promise<AdminSnsCampaignRecord[]> {
  return many(db, `SELECT ${CAMPAIGN} FROM sns_campaigns c ORDER BY c.starts_at DESC NULLS LAST, c.code`);
}

/** The campaign with this code, compared without case (members type it either way), locked. */
export async function lockSnsCampaignRecord(db: Queryable, code: string): Promise<AdminSnsCampaignRecord | null> {
  return maybeOne(db, `SELECT ${CAMPAIGN} FROM sns_campaigns c WHERE upper(c.code) = upper($1) FOR UPDATE OF c`, [
    code,
  ]);
}

/** A new campaign; false when a campaign of this code (in any case) exists. */
export async function insertSnsCampaignRecord(db: Queryable, c: SnsCampaignInput): Promise<boolean> {
  const row = await maybeOne(
    db,
    `INSERT INTO sns_campaigns (code, point, follow_url, starts_at, ends_at, active)
     SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM sns_campaigns WHERE upper(code) = upper($1))
     ON CONFLICT (code) DO NOTHING RETURNING code`,
    [c.code, c.point, c.follow_url, c.starts_at, c.ends_at, c.active],
  );
  return row !== null;
}

/** Changes a campaign's reward, address, window and status (its code names it and its claims: it stays). */
export async function updateSnsCampaignRecord(db: Queryable, code: string, c: SnsCampaignInput): Promise<void> {
  await db.query(
    `UPDATE sns_campaigns SET point = $2, follow_url = $3, starts_at = $4, ends_at = $5, active = $6
     WHERE code = $1`,
    [code, c.point, c.follow_url, c.starts_at, c.ends_at, c.active],
  );
}

/** Serialises campaign creation, so two staff creating 'abc' and 'ABC' at once cannot both succeed. */
export async function lockSnsCampaignCodes(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('sns_campaigns:create', 0))");
}
