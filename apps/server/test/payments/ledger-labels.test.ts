import { IDLE_ACTIVITY_REASONS, LEDGER_REASONS, type LedgerReason } from '@oripa/core';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { changeCoins, grantPoints, spendPoints, type LedgerRef } from '../../src/services/ledger.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { exchangeCardWith, sandboxPartner } from '../perks/helpers.ts';
import { useShop } from '../test-shop.ts';
import { buy, cardToken, startPaymentShop } from './helpers.ts';

const t = useShop(startPaymentShop);

type Row = { id: number; memo: string };

/** Every page of a member's history in one currency, as the member's client reads it. */
async function history(m: TestMember, lang: 'ja' | 'en', currency: 'point' | 'coin'): Promise<Row[]> {
  m.client.setCookie('lang', lang);
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await m.client.get(`/user/${currency}/list/${page}`);
    rows.push(...(r.list as Row[]));
    if (page >= (r.page as { all_page: number }).all_page) return rows;
  }
}

const one = async (sql: string, params: unknown[]) => Number((await t.shop.ctx.db.pool.query(sql, params)).rows[0].id);

/**
 * A member with one ledger row of every reason the code can write, each pointing at a real thing to name and
 * with the memo its writer puts there ('rank 3', 'site 1', '3000pt', '3 cards'), so the test also shows that
 * rows written before read-time labels read well.
 */
async function memberWithEveryReason() {
  const m = await buildMember(t.shop, { rank: 3, freePoints: 100_000, coins: 1000 });
  const now = t.shop.clock.now();
  // Through the real flows: a points coupon, a course bought with a bonus coupon at rank 3, a draw.
  expect((await m.client.post('/user/coupon/use', { couponCode: 'welcome500' })).state).toBe(200);
  expect((await m.client.post('/user/coupon/use', { couponCode: 'BONUS10' })).state).toBe(200);
  const course = t.course[3000];
  expect(
    (await buy(m.client, { point_price_id: course, pay_id: 1, token: (await cardToken(t.shop)).token })).state,
  ).toBe(200);
  const packId = await buildPack(t.shop, { nameJa: '星の箱', nameEn: 'Star box' });
  expect((await drawVia(m.client, packId, 3)).buy?.state).toBe(200);

  const db = t.shop.ctx.db.pool;
  const paymentId = await one('SELECT id FROM payments WHERE member_id = $1', [m.id]);
  const purchaseId = await one('SELECT id FROM purchases WHERE member_id = $1', [m.id]);
  const cardId = await one('SELECT id FROM pack_cards WHERE pack_id = $1 ORDER BY id LIMIT 1', [packId]);
  const rankEvent = await one(
    "INSERT INTO rank_events (member_id, kind, from_rank, to_rank) VALUES ($1, 'rank_up', 2, 3) RETURNING id",
    [m.id],
  );
  // A rank-7 card belongs to a paid bonus (ADR 0035).
  await db.query('INSERT INTO rank_bonuses_paid (member_id, rank, rank_event_id) VALUES ($1, 7, $2)', [
    m.id,
    rankEvent,
  ]);
  const rankReward = await one(
    `INSERT INTO rank_card_rewards (member_id, rank_event_id, card_key, status, point)
     VALUES ($1, $2, $3, 'converted', 200000) RETURNING id`,
    [m.id, rankEvent, String(cardId)],
  );
  const exchangeCard = await exchangeCardWith(t.shop);
  const order = await one(
    `INSERT INTO exchange_orders (member_id, exchange_card_id, price, request_key, created_at)
     VALUES ($1, $2, 1000, 'k1', $3) RETURNING id`,
    [m.id, exchangeCard, now],
  );
  const { siteId } = await sandboxPartner(t.shop);
  const transfer = await one(
    `INSERT INTO partner_transfers (member_id, site_id, partner_account, point, idempotency_key, status,
       next_attempt_at, created_at) VALUES ($1, $2, 'acct', 500, 'label-test', 'done', $3, $3) RETURNING id`,
    [m.id, siteId, now],
  );

  const written: Partial<Record<LedgerReason, { coin?: boolean; spend?: boolean; ref?: Partial<LedgerRef> }>> = {
    coin_purchase: { coin: true, ref: { refType: 'payment', refId: paymentId, memo: '100coin' } },
    card_conversion: { ref: { refType: 'purchase', refId: purchaseId, memo: '3 cards' } },
    auto_conversion: { ref: { refType: 'purchase', refId: purchaseId, memo: '3 cards' } },
    expiry: { spend: true, ref: { refType: 'point_lot', refId: 1 } },
    idle_expiry: { spend: true, ref: { refType: 'member', refId: m.id } },
    withdrawal: { spend: true, ref: { refType: 'member', refId: m.id } },
    sms_bonus: { ref: { refType: 'sms_challenge', refId: 1 } },
    rank_up_bonus: { ref: { refType: 'rank_event', refId: rankEvent, memo: 'rank 3' } },
    rank_maintenance: { coin: true, ref: { refType: 'rank_event', refId: rankEvent, memo: 'rank 3' } },
    rank_card_conversion: { ref: { refType: 'rank_card_reward', refId: rankReward, memo: 'Sky Sovereign' } },
    referral: { ref: { refType: 'referral_reward', refId: 1 } },
    referral_welcome: { ref: { refType: 'referral_reward', refId: 1 } },
    daily_draw: { ref: { memo: '2026-11-24' } },
    sns_campaign: { ref: { memo: 'follow26' } },
    campaign: { ref: { memo: 'welcome' } },
    partner_transfer: { ref: { refType: 'partner_transfer', refId: transfer, memo: `site ${siteId}` } },
    exchange: { spend: true, ref: { refType: 'exchange_order', refId: order, memo: '試験カード' } },
    exchange_conversion: { ref: { refType: 'exchange_order', refId: order, memo: '試験カード' } },
    exchange_auto_conversion: { ref: { refType: 'exchange_order', refId: order, memo: '試験カード' } },
    staff_adjustment: { ref: { refType: 'staff', refId: 1, memo: 'お詫び' } },
    seed: { ref: { memo: 'demo' } },
    sandbox: { ref: { memo: 'sandbox member' } },
    bench: {},
  };
  await withTransaction(t.shop.ctx.db, async (tx) => {
    for (const [reason, w] of Object.entries(written) as [LedgerReason, (typeof written)[LedgerReason]][]) {
      const base = { memberId: m.id, amount: 100, now, reason, ...w!.ref };
      if (w!.coin) await changeCoins(tx, { ...base, amount: reason === 'rank_maintenance' ? -100 : 100 });
      else if (w!.spend) await spendPoints(tx, base);
      else await grantPoints(tx, { ...base, kind: 'free' });
    }
  });
  const { rows } = await db.query('SELECT id, reason FROM ledger_entries WHERE member_id = $1', [m.id]);
  return { m, reasonOf: new Map(rows.map((r) => [Number(r.id), r.reason as string])) };
}

describe('point and coin history labels (issue 19 section 3)', () => {
  it('every kind of row reads as words naming its subject, never a code, a rank number or a site number', async () => {
    const { m, reasonOf } = await memberWithEveryReason();
    // The history holds every reason the code can write (the test's own 'test' rows come from the factory).
    expect([...new Set(reasonOf.values())].sort()).toEqual([...LEDGER_REASONS].sort());
    const codes = new Set<string>(LEDGER_REASONS);
    for (const lang of ['ja', 'en'] as const) {
      const rows = [...(await history(m, lang, 'point')), ...(await history(m, lang, 'coin'))];
      expect(rows.length).toBe(reasonOf.size);
      const label = Object.fromEntries(rows.map((r) => [reasonOf.get(r.id)!, r.memo])) as Record<string, string>;
      for (const r of rows) {
        const what = `${reasonOf.get(r.id)} (${lang}): ${r.memo}`;
        expect(r.memo.trim(), what).not.toBe('');
        expect(codes.has(r.memo), what).toBe(false);
        expect(r.memo, what).not.toMatch(/_|\brank \d|\bsite \d|\d+ ?(pt|coin|cards)\b/i);
      }
      const ja = lang === 'ja';
      expect(label.rank_up_bonus).toContain(ja ? 'ゴールド' : 'Gold');
      expect(label.rank_maintenance).toContain(ja ? 'ゴールド' : 'Gold');
      expect(label.partner_transfer).toContain(ja ? '試験パートナー' : 'Test Partner');
      expect(label.exchange).toContain(ja ? '試験カード' : 'Test Card');
      expect(label.exchange_conversion).toContain(ja ? '試験カード' : 'Test Card');
      expect(label.pack_purchase).toBe(ja ? 'ガチャ「星の箱」3回' : '3 draws from Star box');
      expect(label.card_conversion).toContain(ja ? '星の箱' : 'Star box');
      expect(label.rank_card_conversion).toContain('Sky Sovereign');
      expect(label.coupon).toContain('WELCOME500');
      expect(label.coupon_bonus).toContain('BONUS10');
      expect(label.sns_campaign).toContain('FOLLOW26');
      expect(label.point_purchase).toBe(ja ? 'ポイント購入（クレジットカード）' : 'Point purchase (Credit card)');
      expect(label.idle_expiry).toBe(ja ? '休眠アカウントの失効' : 'Expired: account closed after 6 months idle');
      expect(label.staff_adjustment).toContain('お詫び');
    }
  });
});

describe('reasons written by the database functions', () => {
  it('are all in core LEDGER_REASONS (so each has a label), as the TypeScript writers are by type', () => {
    const dir = new URL('../../db/functions/', import.meta.url);
    const sql = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    // The reason is the literal after p_now in a call of a ledger function: change_coins(m, amount, p_now, 'x', ...).
    const written = [...sql.matchAll(/(?:change_coins|spend_points(?:_many)?)\([^;]*?p_now, '([a-z_]+)'/g)].map(
      (x) => x[1],
    );
    expect(written).toContain('pack_purchase');
    for (const reason of written) expect(LEDGER_REASONS).toContain(reason);
  });

  it("spend_points_many moves last activity for exactly core's spending activities of the idle rule (ADR 0037)", () => {
    const sql = readFileSync(new URL('../../db/functions/spend_points_many.sql', import.meta.url), 'utf8');
    const listed = /last_activity_at = CASE WHEN p_reason IN \(([^)]*)\)/.exec(sql)?.[1];
    const inSql = [...(listed ?? '').matchAll(/'([a-z_]+)'/g)].map((x) => x[1]).sort();
    // A point purchase moves it through grantPoints (services/ledger.ts); the function moves it for spending.
    const spending = IDLE_ACTIVITY_REASONS.filter((r) => r !== 'point_purchase').sort();
    expect(inSql).toEqual(spending);
  });
});
