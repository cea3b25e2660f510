import fc from 'fast-check';
import { batchReasonOf, batchRefusal, saleEligibility, type SaleBuyer } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import {
  BATCH_SQL,
  batchValues,
  packsAndBuyers,
  type BatchBuyer,
  type BatchRow,
} from '../../src/db/queries/purchases.ts';
import { insertTestMember } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildPack, purchaseToken as token, smallLineup } from './pack-fixtures.ts';

/**
 * One sale rule, two implementations: buy_pack_batch's buyer loop (PL/pgSQL) against the core's saleEligibility
 * that the check and the banner use. Random packs and buyers are staged in PostgreSQL; the pack and the buyer are
 * then read with the check's own statement, judged by saleEligibility, and bought by a batch of that one buyer:
 * both must agree on accept or refuse, on the reason (as the batch names it) and on the draws taken. A rule of
 * the database against a rule of core: the service tier, no HTTP (ADR 0038).
 */
const t = useServiceShop();

const HOUR = 3600_000;

interface Case {
  coins: boolean;
  point: number;
  extraTickets: number;
  predrawn: number;
  maxBuy: number;
  rankLimit: number;
  smsOnly: boolean;
  /** Hours from now (the sale window's edges, exactly now included). */
  start: number;
  closed: number | null;
  rank: number;
  /** The member confirmed their mail address. */
  mail: boolean;
  sms: boolean;
  earlier: number;
  balance: number;
  count: number;
  all: boolean;
  priceChanged: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  coins: fc.boolean(),
  point: fc.constantFrom(30, 100, 130),
  extraTickets: fc.integer({ min: 1, max: 6 }),
  predrawn: fc.integer({ min: 0, max: 12 }),
  maxBuy: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }) }),
  rankLimit: fc.constantFrom(0, 0, 1, 2, 3),
  smsOnly: fc.constantFrom(false, false, true),
  start: fc.constantFrom(-1, -1, -1, 0, 1),
  closed: fc.constantFrom(null, null, null, -1, 0, 1),
  rank: fc.integer({ min: 1, max: 3 }),
  mail: fc.constantFrom(true, true, true, false),
  sms: fc.boolean(),
  earlier: fc.integer({ min: 0, max: 4 }),
  balance: fc.integer({ min: 0, max: 900 }),
  count: fc.integer({ min: 1, max: 8 }),
  all: fc.boolean(),
  priceChanged: fc.constantFrom(false, false, false, true),
});

const q = (sql: string, params: unknown[]) => t.shop.ctx.db.pool.query(sql, params);

/** Stages a case: a pack with some tickets drawn and the member's earlier draws, then its rules and the member's. */
async function stage(c: Case, now: Date) {
  const packId = await buildPack(t.shop, {
    point: c.point,
    paymentMethod: c.coins ? '2' : '1',
    cards: smallLineup(c.extraTickets),
  });
  const total = 6 + c.extraTickets;
  const predrawn = Math.min(c.predrawn, total);
  const earlier = Math.min(c.earlier, total - predrawn);
  const purse = (n: number) => (c.coins ? { coins: n } : { paidPoints: n });
  const member = await insertTestMember(t.shop, {
    rank: 3,
    smsVerified: true,
    ...purse(c.balance + earlier * c.point),
  });
  const before: BatchBuyer[] = [];
  if (predrawn > 0) {
    const sweeper = await insertTestMember(t.shop, purse(predrawn * c.point));
    before.push({ memberId: sweeper.id, count: predrawn, unit: c.point, token: token(), min: predrawn });
  }
  if (earlier > 0) before.push({ memberId: member.id, count: earlier, unit: c.point, token: token(), min: earlier });
  if (before.length > 0) {
    const { rows } = await q(BATCH_SQL, batchValues(packId, before, now));
    expect(rows.filter((r: BatchRow) => r.reason !== null)).toEqual([]);
  }
  await q(
    `UPDATE packs SET max_buy_count = $2, rank_limit = $3, sms_only = $4, start_date = $5, closed_at = $6
     WHERE id = $1`,
    [
      packId,
      c.maxBuy,
      c.rankLimit,
      c.smsOnly,
      new Date(now.getTime() + c.start * HOUR),
      c.closed === null ? null : new Date(now.getTime() + c.closed * HOUR),
    ],
  );
  await q(
    `UPDATE members SET rank = $2, sms_verified_at = CASE WHEN $3 THEN now() END,
       mail_verified_at = CASE WHEN $4 THEN now() END
     WHERE id = $1`,
    [member.id, c.rank, c.sms, c.mail],
  );
  return { packId, memberId: member.id };
}

describe('saleEligibility agrees with buy_pack_batch', () => {
  it('on random packs and buyers: accept or refuse, the reason and the draws taken', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const now = t.shop.clock.now();
        const { packId, memberId } = await stage(c, now);
        const [read] = await packsAndBuyers(t.shop.ctx.db.pool, [packId], [memberId]);
        const buyer: SaleBuyer = {
          rank: read!.m_rank,
          mailVerified: read!.m_mail,
          smsVerified: read!.m_sms,
          bought: read!.m_bought,
          pointBalance: Number(read!.m_points),
          coinBalance: Number(read!.m_coins),
        };
        const unit = c.point + (c.priceChanged ? 10 : 0);
        const min = c.all ? 1 : c.count;
        const answer = saleEligibility(read!, buyer, now, { count: c.count, min, unit, available: read!.available });
        const expected = answer.ok
          ? { reason: null, draws: answer.count }
          : { reason: batchReasonOf(batchRefusal(answer.refusals)!), draws: 0 };

        const intent = { memberId, count: c.count, unit, token: token(), min };
        const { rows } = await q(BATCH_SQL, batchValues(packId, [intent], now));
        const refused = (rows as BatchRow[]).find((r) => r.reason !== null);
        const actual = { reason: refused?.reason ?? null, draws: refused ? 0 : rows.length };
        expect(actual, JSON.stringify({ case: c, buyer, available: read!.available })).toEqual(expected);

        if (answer.ok) {
          const { rows: after } = await q('SELECT point_balance, coin_balance FROM members WHERE id = $1', [memberId]);
          const spent = c.coins
            ? buyer.coinBalance - after[0].coin_balance
            : buyer.pointBalance - after[0].point_balance;
          expect(spent).toBe(answer.price);
        }
      }),
      { numRuns: 50, seed: Number(process.env.ELIGIBILITY_SEED ?? 20261124) },
    );
  });
});
