import { randomUUID } from 'node:crypto';
import { insertExchangeCard } from '../../src/db/queries/exchange.ts';
import { insertPartnerSite } from '../../src/db/queries/partner.ts';
import { upsertSandboxPartnerAccount } from '../../src/db/queries/sandbox-partner.ts';
import { hashPassword } from '../../src/services/passwords.ts';
import type { TestShop } from '../test-shop.ts';

export const key = () => randomUUID();

/** A listed exchange card with `stock` left. */
export function exchangeCardWith(
  shop: Pick<TestShop, 'ctx'>,
  o: { price?: number; convert?: number; stock?: number; noReduction?: boolean } = {},
) {
  return insertExchangeCard(shop.ctx.db.pool, {
    name: '試験カード',
    nameEn: 'Test Card',
    imageUrl: '/demo/cards/ds-a1.svg',
    rarity: 2,
    modelNumber: 'TS-001',
    price: o.price ?? 1000,
    convertPoint: o.convert ?? 600,
    noReduction: o.noReduction ?? false,
    stock: o.stock ?? 5,
    sort: 0,
  });
}

export async function stockLeft(shop: Pick<TestShop, 'ctx'>, cardId: number): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query('SELECT stock_left FROM exchange_cards WHERE id = $1', [cardId]);
  return Number(rows[0].stock_left);
}

export async function pointsOf(shop: Pick<TestShop, 'ctx'>, memberId: number): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query('SELECT point_balance FROM members WHERE id = $1', [memberId]);
  return Number(rows[0].point_balance);
}

export async function ledgerReasons(shop: Pick<TestShop, 'ctx'>, memberId: number): Promise<string[]> {
  const { rows } = await shop.ctx.db.pool.query(
    "SELECT reason FROM ledger_entries WHERE member_id = $1 AND currency = 'point' ORDER BY id",
    [memberId],
  );
  return rows.map((r) => r.reason as string);
}

/** A sandbox partner site with one account (phone 09000000000, the factories' members' number). */
export async function sandboxPartner(shop: Pick<TestShop, 'ctx'>, balance = 10_000) {
  const siteId = await insertPartnerSite(shop.ctx.db.pool, {
    name: '試験パートナー',
    nameEn: 'Test Partner',
    adapter: 'sandbox',
    endpoint: null,
    sort: 0,
  });
  const loginid = `p${randomUUID().slice(0, 8)}@partner.example`;
  await upsertSandboxPartnerAccount(shop.ctx.db.pool, {
    siteId,
    loginid,
    passHash: await hashPassword('partner123'),
    tel: '090-0000-0000',
    balance,
  });
  return { siteId, loginid, password: 'partner123' };
}

export async function partnerBalance(shop: Pick<TestShop, 'ctx'>, siteId: number, loginid: string): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query(
    'SELECT balance FROM sandbox_partner_accounts WHERE site_id = $1 AND loginid = $2',
    [siteId, loginid],
  );
  return Number(rows[0].balance);
}
