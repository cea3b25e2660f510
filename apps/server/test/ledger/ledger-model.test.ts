import fc from 'fast-check';
import { PointLedgerModel } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { expirePointsJob } from '../../src/jobs/expire-points.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { grantPoints, spendPoints } from '../../src/services/ledger.ts';
import { buildMember, ledgerViolations, type TestMember } from '../factories.ts';
import { buy, CARDS, cardToken, paymentRow, pressSandbox, seedCourses } from '../payments/helpers.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Model-based test: random sequences of grants (paid/free), spends, clock advances with the expiry job, and
 * point purchases that succeed or fail (declined, 3-D Secure cancelled) run against PostgreSQL and against the
 * pure core model; after every step every lot, the balance and the ledger must agree.
 */
let shop: TestShop;
let course500: number;
beforeAll(async () => {
  shop = await startTestShop();
  course500 = (await seedCourses(shop))[500]!;
});
afterAll(() => shop.close());

type Op =
  | { t: 'grant'; kind: 'paid' | 'free'; amount: number }
  | { t: 'spend'; amount: number }
  | { t: 'advance'; days: number }
  | { t: 'buy'; outcome: 'ok' | 'declined' | 'cancelled' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('grant' as const),
      kind: fc.constantFrom('paid' as const, 'free' as const),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('spend' as const), amount: fc.integer({ min: 1, max: 4000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 120 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('buy' as const),
      outcome: fc.constantFrom('ok' as const, 'declined' as const, 'cancelled' as const),
    }),
  },
);

async function latestLotId(memberId: number): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query('SELECT max(id) AS id FROM point_lots WHERE member_id = $1', [
    memberId,
  ]);
  return Number(rows[0].id);
}

async function apply(m: TestMember, model: PointLedgerModel, op: Op) {
  const now = shop.clock.now();
  if (op.t === 'grant') {
    await withTransaction(shop.ctx.db, (tx) =>
      grantPoints(tx, { memberId: m.id, amount: op.amount, kind: op.kind, reason: 'test', now }),
    );
    model.grant(await latestLotId(m.id), op.kind, op.amount, now);
  } else if (op.t === 'spend') {
    const ok = await withTransaction(shop.ctx.db, (tx) =>
      spendPoints(tx, { memberId: m.id, amount: op.amount, reason: 'test', now }),
    )
      .then(() => true)
      .catch((e: { reason?: string }) => {
        expect(e.reason).toBe('insufficient_points');
        return false;
      });
    expect(ok).toBe(model.spend(op.amount, now));
  } else if (op.t === 'advance') {
    shop.clock.advance(op.days * 86400_000);
    await runJobUntilIdle(shop.ctx, expirePointsJob);
    model.expire(shop.clock.now());
  } else {
    const card = op.outcome === 'declined' ? CARDS.declined : op.outcome === 'cancelled' ? CARDS.threeDs : CARDS.ok;
    const res = await buy(m.client, {
      point_price_id: course500,
      pay_id: 1,
      token: (await cardToken(shop, card)).token,
    });
    if (op.outcome === 'cancelled') {
      await pressSandbox(shop, (await paymentRow(shop, res.payment_id as string)).next_action_url, 'cancel');
    }
    if (op.outcome === 'ok') model.grant(await latestLotId(m.id), 'paid', 500, now);
  }
}

async function compare(m: TestMember, model: PointLedgerModel) {
  const { rows: lots } = await shop.ctx.db.pool.query(
    'SELECT id, remaining, expired_at FROM point_lots WHERE member_id = $1 ORDER BY id',
    [m.id],
  );
  expect(lots.map((l) => [Number(l.id), Number(l.remaining), l.expired_at !== null])).toEqual(
    model.lots.map((l) => [l.id, l.remaining, l.expired]),
  );
  const { rows } = await shop.ctx.db.pool.query(
    `SELECT point_balance, (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE member_id = $1 AND currency = 'point') AS ledger
     FROM members WHERE id = $1`,
    [m.id],
  );
  expect(Number(rows[0].point_balance)).toBe(model.balance);
  expect(Number(rows[0].ledger)).toBe(model.balance);
}

describe('point ledger against the core model (property)', () => {
  it('agrees after every step of random grants, spends, expiries and purchases', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const m = await buildMember(shop);
        const model = new PointLedgerModel();
        for (const op of ops) {
          await apply(m, model, op);
          await compare(m, model);
        }
      }),
      { numRuns: 15 },
    );
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('expires each lot exactly once, even with two job runs racing', async () => {
    const m = await buildMember(shop, { paidPoints: 700, freePoints: 300 });
    shop.clock.advance(200 * 86400_000);
    const [a, b] = await Promise.all([
      runJobUntilIdle(shop.ctx, expirePointsJob),
      runJobUntilIdle(shop.ctx, expirePointsJob),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    const { rows } = await shop.ctx.db.pool.query(
      "SELECT amount FROM ledger_entries WHERE member_id = $1 AND reason = 'expiry' ORDER BY amount",
      [m.id],
    );
    expect(rows.map((r) => Number(r.amount))).toEqual([-700, -300]);
    expect(await runJobUntilIdle(shop.ctx, expirePointsJob)).toBe(0);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});
