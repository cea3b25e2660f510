import fc from 'fast-check';
import {
  batchReasonOf,
  batchRefusal,
  planLotSpend,
  PointLedgerModel,
  saleEligibility,
  type SalePack,
} from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { BATCH_SQL, batchValues, type BatchBuyer } from '../../src/db/queries/purchases.ts';
import { AppError } from '../../src/app-error.ts';
import { MAX_BATCH, takeBuyBatch } from '../../src/services/packs/buy-batcher.ts';
import { buyWithToken, checkPurchase } from '../../src/services/packs/purchase.ts';
import { grantPoints, spendPoints } from '../../src/services/ledger.ts';
import { insertTestMember, ledgerViolations, undrawnTickets } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildPack, drawDirect, purchaseToken as token, smallLineup, waitingOnLocks } from './pack-fixtures.ts';

/**
 * Batched purchases (migration 0005, ADR 0007): buy_pack_batch called directly with batches that mix every
 * outcome, checked buyer by buyer; a model-based property test of the lot rule across members in one batch;
 * takeBuyBatch (pure); and the queue behind POST /user/pack/buy (buyWithToken) under parallel load. Rules of the
 * database and the batcher: the service tier, no HTTP (ADR 0038); the route's replies, a replay's included, are
 * buy.test.ts.
 */
const t = useServiceShop();

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const UNKNOWN_MEMBER = 987_654_321;

interface BatchRow {
  idx: number;
  purchase_id: number | null;
  history_id: number | null;
  ticket_no: number | null;
  pack_card_id: number | null;
  reason: string | null;
}

interface Outcome {
  reason: string | null;
  tickets: number[];
  rows: BatchRow[];
}

/** One buy_pack_batch statement; answers each buyer's outcome by position (0-based). */
async function runBatch(packId: number, buyers: BatchBuyer[], now = t.shop.clock.now()): Promise<Outcome[]> {
  const { rows } = await t.shop.ctx.db.pool.query<BatchRow>(BATCH_SQL, batchValues(packId, buyers, now));
  for (const r of rows) expect(r.idx >= 1 && r.idx <= buyers.length, `idx ${r.idx}`).toBe(true);
  return buyers.map((_, i) => {
    const mine = rows.filter((r) => r.idx === i + 1);
    const reasons = mine.filter((r) => r.reason !== null);
    // A buyer is answered either with cards (reason NULL) or with exactly one reason row, never both.
    if (reasons.length > 0) {
      expect(mine, `buyer ${i + 1}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ purchase_id: null, history_id: null, ticket_no: null, pack_card_id: null });
      return { reason: reasons[0]!.reason, tickets: [], rows: mine };
    }
    expect(mine.length, `buyer ${i + 1} got no answer`).toBeGreaterThan(0);
    return { reason: null, tickets: mine.map((r) => r.ticket_no!), rows: mine };
  });
}

const undrawnNos = (packId: number) => undrawnTickets(t.shop, packId);

interface MemberState {
  points: number;
  coins: number;
  ledger: number;
  purchases: number;
  lots: [number, number][];
}

async function memberState(id: number): Promise<MemberState> {
  const { rows } = await q(
    `SELECT point_balance, coin_balance,
       (SELECT count(*)::int FROM ledger_entries WHERE member_id = m.id) AS ledger,
       (SELECT count(*)::int FROM purchases WHERE member_id = m.id) AS purchases
     FROM members m WHERE id = $1`,
    [id],
  );
  const lots = await q('SELECT id, remaining FROM point_lots WHERE member_id = $1 ORDER BY id', [id]);
  const r = rows[0]!;
  return {
    points: r.point_balance,
    coins: r.coin_balance,
    ledger: r.ledger,
    purchases: r.purchases,
    lots: lots.rows.map((l) => [l.id, l.remaining]),
  };
}

/**
 * What a buyer who bought must have left behind: one purchase row for its count, its tickets pointing at it, the
 * drawn cards matching the tickets, and one debit ledger row of count × unit in `currency`.
 */
async function expectBought(packId: number, b: BatchBuyer, o: Outcome, currency: 'point' | 'coin') {
  expect(o.reason).toBeNull();
  const purchaseIds = new Set(o.rows.map((r) => r.purchase_id));
  expect(purchaseIds.size).toBe(1);
  const purchaseId = o.rows[0]!.purchase_id!;
  expect(new Set(o.rows.map((r) => r.history_id)).size).toBe(o.rows.length);
  const n = o.tickets.length;
  const purchase = await q(
    'SELECT member_id, pack_id, count, unit_price, price, currency, token FROM purchases WHERE id = $1',
    [purchaseId],
  );
  expect(purchase.rows[0]).toEqual({
    member_id: b.memberId,
    pack_id: packId,
    count: n,
    unit_price: b.unit,
    price: n * b.unit,
    currency,
    token: b.token,
  });
  const tickets = await q(
    'SELECT ticket_no, pack_card_id FROM tickets WHERE pack_id = $1 AND ticket_no = ANY($2::int[]) ORDER BY ticket_no',
    [packId, o.tickets],
  );
  expect(tickets.rows).toHaveLength(n);
  expect(tickets.rows.map((t) => t.ticket_no)).toEqual([...o.tickets].sort((x, y) => x - y));
  const cards = await q(
    'SELECT id, member_id, ticket_no, pack_card_id FROM purchase_cards WHERE purchase_id = $1 ORDER BY ticket_no',
    [purchaseId],
  );
  expect(cards.rows).toEqual(
    tickets.rows.map((t) => ({
      id: o.rows.find((r) => r.ticket_no === t.ticket_no)!.history_id,
      member_id: b.memberId,
      ticket_no: t.ticket_no,
      pack_card_id: t.pack_card_id,
    })),
  );
  for (const r of o.rows)
    expect(r.pack_card_id).toBe(tickets.rows.find((t) => t.ticket_no === r.ticket_no)!.pack_card_id);
  const ledger = await q(
    "SELECT member_id, currency, amount, reason FROM ledger_entries WHERE ref_type = 'purchase' AND ref_id = $1",
    [purchaseId],
  );
  expect(ledger.rows).toEqual([{ member_id: b.memberId, currency, amount: -n * b.unit, reason: 'pack_purchase' }]);
}

/** Tickets handed out to the buyers who bought, in buyer order, must be the lowest undrawn numbers, in order. */
function expectLowestInBuyerOrder(outcomes: Outcome[], undrawnBefore: number[]) {
  const handedOut = outcomes.flatMap((o) => o.tickets);
  expect(new Set(handedOut).size).toBe(handedOut.length);
  expect(handedOut).toEqual(undrawnBefore.slice(0, handedOut.length));
}

describe('buy_pack_batch: one batch, every outcome', () => {
  it('answers each buyer on its own: bought, points, replay, again, rules, max_buy', async () => {
    // Rank 2 and SMS only, at most 5 draws per member, 20 tickets at 100 points.
    const packId = await buildPack(t.shop, { rankLimit: 2, smsOnly: true, maxBuyCount: 5 });
    const ok = { rank: 2, smsVerified: true };
    const a = await insertTestMember(t.shop, { ...ok, paidPoints: 1_000 });
    const poor = await insertTestMember(t.shop, { ...ok, paidPoints: 150, freePoints: 40 });
    const replayer = await insertTestMember(t.shop, { ...ok, paidPoints: 1_000 });
    const b = await insertTestMember(t.shop, { ...ok, paidPoints: 600, freePoints: 100 });
    const c = await insertTestMember(t.shop, { ...ok, paidPoints: 1_000 });
    const lowRank = await insertTestMember(t.shop, { rank: 1, smsVerified: true, paidPoints: 1_000 });
    const noSms = await insertTestMember(t.shop, { rank: 3, smsVerified: false, paidPoints: 1_000 });
    const wrongPrice = await insertTestMember(t.shop, { ...ok, paidPoints: 1_000 });
    const nearMax = await insertTestMember(t.shop, { ...ok, paidPoints: 2_000 });
    const atMax = await insertTestMember(t.shop, { ...ok, paidPoints: 2_000 });
    const bigAsk = await insertTestMember(t.shop, { ...ok, paidPoints: 2_000 });

    // Earlier purchases: the replayer's token is spent, nearMax and atMax hold 3 of their 5 draws.
    const spent = token();
    const earlier = await runBatch(packId, [
      { memberId: replayer.id, count: 1, unit: 100, token: spent, min: 1 },
      { memberId: nearMax.id, count: 3, unit: 100, token: token(), min: 3 },
      { memberId: atMax.id, count: 3, unit: 100, token: token(), min: 3 },
    ]);
    expect(earlier.map((o) => o.reason)).toEqual([null, null, null]);
    expect(earlier.map((o) => o.tickets)).toEqual([[1], [2, 3, 4], [5, 6, 7]]);

    const shared = token();
    const batch: BatchBuyer[] = [
      { memberId: a.id, count: 2, unit: 100, token: token(), min: 2 }, // 1 bought
      { memberId: poor.id, count: 2, unit: 100, token: token(), min: 2 }, // 2 points (190 < 200)
      { memberId: replayer.id, count: 1, unit: 100, token: spent, min: 1 }, // 3 replay
      { memberId: b.id, count: 3, unit: 100, token: shared, min: 3 }, // 4 bought
      { memberId: a.id, count: 1, unit: 100, token: token(), min: 1 }, // 5 again (member)
      { memberId: c.id, count: 2, unit: 100, token: shared, min: 2 }, // 6 again (token)
      { memberId: lowRank.id, count: 1, unit: 100, token: token(), min: 1 }, // 7 rules (rank)
      { memberId: noSms.id, count: 1, unit: 100, token: token(), min: 1 }, // 8 rules (SMS)
      { memberId: wrongPrice.id, count: 1, unit: 90, token: token(), min: 1 }, // 9 rules (price)
      { memberId: UNKNOWN_MEMBER, count: 1, unit: 100, token: token(), min: 1 }, // 10 rules (unknown)
      { memberId: nearMax.id, count: 3, unit: 100, token: token(), min: 3 }, // 11 max_buy (3 + 3 > 5)
      { memberId: atMax.id, count: 2, unit: 100, token: token(), min: 2 }, // 12 bought (3 + 2 = 5)
      { memberId: bigAsk.id, count: 6, unit: 100, token: token(), min: 6 }, // 13 max_buy (6 > 5)
    ];
    const notBuying = [poor, replayer, c, lowRank, noSms, wrongPrice, nearMax, bigAsk];
    const before = new Map(
      await Promise.all([a, b, atMax, ...notBuying].map(async (m) => [m.id, await memberState(m.id)] as const)),
    );
    const undrawnBefore = await undrawnNos(packId);
    const outcomes = await runBatch(packId, batch);

    expect(outcomes.map((o) => o.reason)).toEqual([
      null,
      'points',
      'replay',
      null,
      'again',
      'again',
      'rules',
      'rules',
      'rules',
      'rules',
      'max_buy',
      null,
      'max_buy',
    ]);
    expect(outcomes[0]!.tickets).toEqual([8, 9]);
    expect(outcomes[3]!.tickets).toEqual([10, 11, 12]);
    expect(outcomes[11]!.tickets).toEqual([13, 14]);
    expectLowestInBuyerOrder(outcomes, undrawnBefore);
    for (const i of [0, 3, 11]) await expectBought(packId, batch[i]!, outcomes[i]!, 'point');

    // Buyers who bought paid exactly their draws, free lots first (b: 100 free then 200 paid).
    expect((await memberState(a.id)).points).toBe(800);
    expect((await memberState(b.id)).lots.map(([, r]) => r)).toEqual([400, 0]);
    expect((await memberState(atMax.id)).points).toBe(1_500); // 2000 - 300 earlier - 200 now
    for (const m of notBuying) expect(await memberState(m.id), `member ${m.id}`).toEqual(before.get(m.id));
    expect((await q('SELECT count(*)::int AS n FROM purchases WHERE member_id = $1', [UNKNOWN_MEMBER])).rows[0].n).toBe(
      0,
    );
    // 7 earlier + 7 now; nothing else left the pack.
    expect(await undrawnNos(packId)).toEqual(undrawnBefore.slice(7));
    expect((await q('SELECT sum(count)::int AS n FROM purchases WHERE pack_id = $1', [packId])).rows[0].n).toBe(14);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('answers rules for every buyer of an unknown, closed or not yet started pack, and changes nothing', async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 1_000 });
    const closed = await buildPack(t.shop);
    await q('UPDATE packs SET closed_at = $2 WHERE id = $1', [closed, t.shop.clock.now()]);
    const later = await buildPack(t.shop, { startDate: new Date(t.shop.clock.now().getTime() + 86400_000) });
    const before = await memberState(m.id);
    for (const packId of [closed, later, 987_654]) {
      const outcomes = await runBatch(packId, [
        { memberId: m.id, count: 1, unit: 100, token: token(), min: 1 },
        { memberId: UNKNOWN_MEMBER, count: 1, unit: 100, token: token(), min: 1 },
      ]);
      expect(outcomes.map((o) => o.reason)).toEqual(['rules', 'rules']);
    }
    expect(await memberState(m.id)).toEqual(before);
    expect(await undrawnNos(closed)).toHaveLength(20);
  });

  it('refuses bad intents (count, min, unit below 1; min above count) with rules', async () => {
    const packId = await buildPack(t.shop);
    const m = await insertTestMember(t.shop, { paidPoints: 10_000 });
    const ok = await insertTestMember(t.shop, { paidPoints: 10_000 });
    const before = await memberState(m.id);
    const bad: Omit<BatchBuyer, 'memberId' | 'token'>[] = [
      { count: 0, unit: 100, min: 0 },
      { count: 2, unit: 100, min: 0 },
      { count: 2, unit: 100, min: 3 },
      { count: -1, unit: 100, min: -1 },
    ];
    for (const x of bad) {
      const outcomes = await runBatch(packId, [
        { ...x, memberId: m.id, token: token() },
        { memberId: ok.id, count: 1, unit: 100, token: token(), min: 1 },
      ]);
      expect(
        outcomes.map((o) => o.reason),
        JSON.stringify(x),
      ).toEqual(['rules', null]);
    }
    expect(await memberState(m.id)).toEqual(before);
    expect((await memberState(ok.id)).points).toBe(9_600);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

describe('buy_pack_batch: stock', () => {
  it('serves buyers in batch order; a fixed count left short gets stock and nothing; all takes what is left', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(4) }); // 10 tickets
    const ms = await Promise.all([1, 2, 3, 4, 5].map(() => insertTestMember(t.shop, { paidPoints: 2_000 })));
    const before = await Promise.all(ms.map((m) => memberState(m.id)));
    const batch: BatchBuyer[] = [
      { memberId: ms[0]!.id, count: 4, unit: 100, token: token(), min: 4 },
      { memberId: ms[1]!.id, count: 5, unit: 100, token: token(), min: 5 },
      { memberId: ms[2]!.id, count: 3, unit: 100, token: token(), min: 3 }, // only 1 left: stock
      { memberId: ms[3]!.id, count: 10, unit: 100, token: token(), min: 1 }, // 'all': takes the 1 left
      { memberId: ms[4]!.id, count: 1, unit: 100, token: token(), min: 1 }, // nothing left: stock
    ];
    const outcomes = await runBatch(packId, batch);
    expect(outcomes.map((o) => o.reason)).toEqual([null, null, 'stock', null, 'stock']);
    expect(outcomes.map((o) => o.tickets)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8, 9], [], [10], []]);
    for (const i of [0, 1, 3]) await expectBought(packId, batch[i]!, outcomes[i]!, 'point');
    expect((await memberState(ms[3]!.id)).points).toBe(1_900);
    expect(await memberState(ms[2]!.id)).toEqual(before[2]);
    expect(await memberState(ms[4]!.id)).toEqual(before[4]);
    expect(await undrawnNos(packId)).toEqual([]);
    expect((await q('SELECT sum(count)::int AS n FROM purchases WHERE pack_id = $1', [packId])).rows[0].n).toBe(10);

    // Sold out: every buyer of the next batch gets stock.
    const again = await runBatch(packId, [{ memberId: ms[2]!.id, count: 1, unit: 100, token: token(), min: 1 }]);
    expect(again.map((o) => o.reason)).toEqual(['stock']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("an 'all' buyer ahead of a fixed buyer takes the rest; the fixed buyer after it gets stock", async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(4) }); // 10 tickets
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => insertTestMember(t.shop, { paidPoints: 2_000 })));
    const outcomes = await runBatch(packId, [
      { memberId: x!.id, count: 3, unit: 100, token: token(), min: 3 },
      { memberId: y!.id, count: 10, unit: 100, token: token(), min: 1 },
      { memberId: z!.id, count: 1, unit: 100, token: token(), min: 1 },
    ]);
    expect(outcomes.map((o) => o.reason)).toEqual([null, null, 'stock']);
    expect(outcomes[1]!.tickets).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect((await memberState(y!.id)).points).toBe(1_300);
    expect((await memberState(z!.id)).points).toBe(2_000);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

describe('buy_pack_batch: coin packs', () => {
  it('debits coins per buyer with one coin ledger row each; coins for one who cannot pay', async () => {
    const packId = await buildPack(t.shop, { paymentMethod: '2', point: 30 });
    const rich = await insertTestMember(t.shop, { coins: 100, paidPoints: 500 });
    const poor = await insertTestMember(t.shop, { coins: 20, paidPoints: 100_000 });
    const exact = await insertTestMember(t.shop, { coins: 60 });
    const allBuyer = await insertTestMember(t.shop, { coins: 40 });
    const poorBefore = await memberState(poor.id);
    const batch: BatchBuyer[] = [
      { memberId: rich.id, count: 3, unit: 30, token: token(), min: 3 },
      { memberId: poor.id, count: 1, unit: 30, token: token(), min: 1 },
      { memberId: exact.id, count: 2, unit: 30, token: token(), min: 2 },
      { memberId: allBuyer.id, count: 3, unit: 30, token: token(), min: 1 }, // 'all': 40 coins pay for 1
    ];
    const undrawnBefore = await undrawnNos(packId);
    const outcomes = await runBatch(packId, batch);
    expect(outcomes.map((o) => o.reason)).toEqual([null, 'coins', null, null]);
    expect(outcomes.map((o) => o.tickets.length)).toEqual([3, 0, 2, 1]);
    expectLowestInBuyerOrder(outcomes, undrawnBefore);
    for (const i of [0, 2, 3]) await expectBought(packId, batch[i]!, outcomes[i]!, 'coin');
    expect(await memberState(rich.id)).toMatchObject({ coins: 10, points: 500 });
    expect(await memberState(exact.id)).toMatchObject({ coins: 0, points: 0 });
    expect(await memberState(allBuyer.id)).toMatchObject({ coins: 10 });
    expect(await memberState(poor.id)).toEqual(poorBefore);
    const pointDebits = await q(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE reason = 'pack_purchase' AND currency = 'point' AND member_id = ANY($1)",
      [[rich.id, exact.id, allBuyer.id]],
    );
    expect(pointDebits.rows[0].n).toBe(0);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

describe('buy_pack_batch: a token spent by a batch that commits meanwhile', () => {
  it('the later batch answers replay for that buyer, takes nothing for it, and serves the others', async () => {
    const packId = await buildPack(t.shop);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertTestMember(t.shop, { paidPoints: 1_000 })));
    const shared = token();
    const first = await t.shop.ctx.db.pool.connect();
    try {
      await first.query('BEGIN');
      await first.query('SELECT * FROM buy_pack_batch($1, $2, $3, $4, $5, $6, $7)', [
        packId,
        [a!.id],
        [2],
        [100],
        [shared],
        [2],
        t.shop.clock.now(),
      ]);
      // The second batch passes the 'spent' check (the first has not committed), then waits on the purchase insert
      // for the token until the first commits; the replayed buyer takes nothing, so the other takes the very next
      // tickets after the first batch's 1-2: no ticket is left behind.
      const second = runBatch(packId, [
        { memberId: b!.id, count: 2, unit: 100, token: shared, min: 2 },
        { memberId: c!.id, count: 3, unit: 100, token: token(), min: 3 },
      ]);
      await expect.poll(() => waitingOnLocks(t.shop), { timeout: 5_000 }).toBeGreaterThan(0);
      await first.query('COMMIT');
      const outcomes = await second;
      expect(outcomes.map((o) => o.reason)).toEqual(['replay', null]);
      expect(outcomes[1]!.tickets).toEqual([3, 4, 5]);
    } finally {
      first.release();
    }
    expect((await memberState(a!.id)).points).toBe(800);
    expect(await memberState(b!.id)).toMatchObject({ points: 1_000, ledger: 1, purchases: 0 });
    expect((await memberState(c!.id)).points).toBe(700);
    // Nothing is left behind: the next tickets are the ones right after 1-5.
    expect((await undrawnNos(packId)).slice(0, 3)).toEqual([6, 7, 8]);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Property: several members with several lots each buy in one batch; the lot rule is the core model's.

const DAY = 86400_000;

interface LotSpec {
  kind: 'paid' | 'free';
  amount: number;
  /** Granted this many days before the batch (over ~183 days: expired, but the nightly job has not run). */
  daysAgo: number;
}
interface BuyerSpec {
  lots: LotSpec[];
  count: number;
  all: boolean;
}
interface Scenario {
  price: number;
  tickets: number;
  predrawn: number;
  buyers: BuyerSpec[];
  /** Extra entries repeating a member (by index) at a position in the batch: 'again' for the later one. */
  repeats: { member: number; at: number; count: number }[];
}

const lotArb: fc.Arbitrary<LotSpec> = fc.record({
  kind: fc.constantFrom('paid' as const, 'free' as const),
  amount: fc.integer({ min: 1, max: 500 }),
  // Steps of 30 days give equal expiries (ties broken by lot id); 180+ days ago is past expiry.
  daysAgo: fc.integer({ min: 0, max: 7 }).map((k) => k * 30),
});
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  price: fc.constantFrom(50, 100, 130),
  tickets: fc.integer({ min: 1, max: 20 }).map((c) => c + 6),
  predrawn: fc.integer({ min: 0, max: 6 }),
  buyers: fc.array(
    fc.record({
      lots: fc.array(lotArb, { maxLength: 4 }),
      count: fc.integer({ min: 1, max: 6 }),
      all: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  repeats: fc.array(fc.record({ member: fc.nat(), at: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }), {
    maxLength: 2,
  }),
});

interface ModelBuyer {
  member: number;
  count: number;
  min: number;
  token: string;
}
type ModelOutcome = { bought: number[] } | { reason: string };

/**
 * The batch as the function's comment describes it, with no database: per buyer in order, 'again' for a member
 * seen earlier in the batch; otherwise the core sale rule (saleEligibility, named as the batch names it) with the
 * purse the unexpired lots can pay and the tickets the buyers before it left, taking the lowest undrawn tickets.
 * (A plain pack: no rules, no max_buy, fresh tokens.)
 */
function modelBatch(
  buyers: ModelBuyer[],
  ledgers: PointLedgerModel[],
  price: number,
  undrawn: number[],
  now: Date,
): ModelOutcome[] {
  const pack: SalePack = {
    point: price,
    payment_method: '1',
    max_buy_count: 0,
    rank_limit: 0,
    sms_only: false,
    start_date: new Date(0),
    closed_at: null,
  };
  const seen = new Set<number>();
  let pos = 0;
  return buyers.map((b) => {
    if (seen.has(b.member)) return { reason: 'again' };
    seen.add(b.member);
    const ledger = ledgers[b.member]!;
    const usable = ledger.lots
      .filter((l) => !l.expired && l.remaining > 0 && l.expiresAt.getTime() > now.getTime())
      .reduce((s, l) => s + l.remaining, 0);
    const buyer = {
      rank: 1,
      mailVerified: true,
      smsVerified: true,
      bought: 0,
      pointBalance: Math.min(ledger.balance, usable),
      coinBalance: 0,
    };
    const answer = saleEligibility(pack, buyer, now, { count: b.count, min: b.min, available: undrawn.length - pos });
    if (!answer.ok) return { reason: batchReasonOf(batchRefusal(answer.refusals)!)! };
    pos += answer.count;
    return { bought: undrawn.slice(pos - answer.count, pos) };
  });
}

describe('buy_pack_batch: lots across members (property)', () => {
  it('spends each member as the core model does and keeps the global invariants', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (sc) => {
        const now = t.shop.clock.now();
        const packId = await buildPack(t.shop, { point: sc.price, cards: smallLineup(sc.tickets - 6) });
        if (sc.predrawn > 0) {
          const sweeper = await insertTestMember(t.shop, { paidPoints: 10_000 });
          const pre = await runBatch(packId, [
            { memberId: sweeper.id, count: sc.predrawn, unit: sc.price, token: token(), min: sc.predrawn },
          ]);
          expect(pre[0]!.reason).toBeNull();
        }

        // Members with their lots, granted through the ledger at past times, mirrored in the core model.
        const members: number[] = [];
        const ledgers: PointLedgerModel[] = [];
        for (const spec of sc.buyers) {
          const m = await insertTestMember(t.shop);
          const model = new PointLedgerModel();
          for (const lot of spec.lots) {
            const grantedAt = new Date(now.getTime() - lot.daysAgo * DAY);
            const ledgerId = await withTransaction(t.shop.ctx.db, (tx) =>
              grantPoints(tx, { memberId: m.id, amount: lot.amount, kind: lot.kind, reason: 'test', now: grantedAt }),
            );
            const lotId = (await q('SELECT lot_id FROM point_lot_moves WHERE ledger_id = $1', [ledgerId])).rows[0]
              .lot_id as number;
            model.grant(lotId, lot.kind, lot.amount, grantedAt);
          }
          members.push(m.id);
          ledgers.push(model);
        }

        const entries: ModelBuyer[] = sc.buyers.map((b, i) => ({
          member: i,
          count: b.count,
          min: b.all ? 1 : b.count,
          token: token(),
        }));
        for (const r of sc.repeats) {
          const member = r.member % sc.buyers.length;
          entries.splice(r.at % (entries.length + 1), 0, { member, count: r.count, min: r.count, token: token() });
        }
        const batch: BatchBuyer[] = entries.map((e) => ({
          memberId: members[e.member]!,
          count: e.count,
          unit: sc.price,
          token: e.token,
          min: e.min,
        }));

        const undrawnBefore = await undrawnNos(packId);
        const ledgerMax = Number((await q('SELECT coalesce(max(id), 0) AS id FROM ledger_entries')).rows[0].id);
        const expected = modelBatch(entries, ledgers, sc.price, undrawnBefore, now);
        const outcomes = await runBatch(packId, batch, now);

        // Each buyer: bought exactly the model's tickets, or the model's reason.
        expect(
          outcomes.map((o) => (o.reason ? { reason: o.reason } : { bought: o.tickets })),
          JSON.stringify(sc),
        ).toEqual(expected);

        // Each member: the debit took from the lots planLotSpend names, and lots, balance and ledger agree with
        // the core model afterwards.
        for (const [i, e] of entries.entries()) {
          const exp = expected[i]!;
          if (!('bought' in exp)) continue;
          const model = ledgers[e.member]!;
          const amount = exp.bought.length * sc.price;
          const plan = planLotSpend(
            model.lots.filter((l) => !l.expired),
            amount,
            now,
          );
          expect(plan, 'the model cannot pay what the batch debited').not.toBeNull();
          const debit = await q(
            `SELECT l.id, l.amount, l.balance_after FROM ledger_entries l
             WHERE l.ref_type = 'purchase' AND l.ref_id = $1 AND l.reason = 'pack_purchase'`,
            [outcomes[i]!.rows[0]!.purchase_id],
          );
          expect(debit.rows).toHaveLength(1);
          const moves = await q('SELECT lot_id, amount FROM point_lot_moves WHERE ledger_id = $1 ORDER BY lot_id', [
            debit.rows[0].id,
          ]);
          expect(moves.rows, JSON.stringify(sc)).toEqual(
            plan!.map((t) => ({ lot_id: t.lotId, amount: -t.amount })).sort((x, y) => x.lot_id - y.lot_id),
          );
          expect(model.spend(amount, now)).toBe(true);
          expect(debit.rows[0].balance_after).toBe(model.balance);
        }
        for (const [k, id] of members.entries()) {
          const model = ledgers[k]!;
          const st = await memberState(id);
          expect(st.lots, JSON.stringify(sc)).toEqual(model.lots.map((l) => [l.id, l.remaining]));
          expect(st.points).toBe(model.balance);
          const newRows = await q('SELECT amount FROM ledger_entries WHERE member_id = $1 AND id > $2 ORDER BY id', [
            id,
            ledgerMax,
          ]);
          const mine = entries.flatMap((e, i) => {
            const exp = expected[i]!;
            return e.member === k && 'bought' in exp ? [{ amount: -exp.bought.length * sc.price }] : [];
          });
          expect(newRows.rows).toEqual(mine);
        }

        // Global: tickets taken = cards recorded = draws bought; no ticket twice; points debited = draws × price.
        const draws = expected.reduce((s, o) => s + ('bought' in o ? o.bought.length : 0), 0);
        const after = await undrawnNos(packId);
        expect(undrawnBefore.length - after.length).toBe(draws);
        const cards = await q(
          `SELECT c.ticket_no FROM purchase_cards c JOIN purchases b ON b.id = c.purchase_id
           WHERE c.pack_id = $1 AND b.token = ANY($2)`,
          [packId, batch.map((b) => b.token)],
        );
        const handedOut = outcomes.flatMap((o) => o.tickets);
        expect(cards.rows).toHaveLength(draws);
        expect(new Set(handedOut).size).toBe(draws);
        expect(new Set(cards.rows.map((r) => r.ticket_no))).toEqual(new Set(handedOut));
        const sold = await q(
          `SELECT coalesce(sum(count), 0)::int AS n, count(*)::int AS purchases FROM purchases
           WHERE pack_id = $1 AND token = ANY($2)`,
          [packId, batch.map((b) => b.token)],
        );
        expect(sold.rows[0].n).toBe(draws);
        const debited = await q(
          `SELECT coalesce(-sum(amount), 0)::int AS n FROM ledger_entries
           WHERE id > $1 AND reason = 'pack_purchase' AND currency = 'point' AND member_id = ANY($2)`,
          [ledgerMax, members],
        );
        expect(debited.rows[0].n).toBe(draws * sc.price);
        expect(await ledgerViolations(t.shop)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

/**
 * Regression: `purse` once was numeric (sum() of bigint), so `purse / unit` rounded instead of flooring: an 'all'
 * buyer whose purse left half a draw or more over was handed one draw too many, the debit raised, and the whole
 * batch failed (a 500 through HTTP).
 */
describe('an all buyer whose purse leaves half a draw or more over', () => {
  it("points: 'all' of 4 at 100 with 350 points buys 3, and the other buyer buys too", async () => {
    const packId = await buildPack(t.shop);
    const x = await insertTestMember(t.shop, { paidPoints: 350 });
    const y = await insertTestMember(t.shop, { paidPoints: 1_000 });
    const outcomes = await runBatch(packId, [
      { memberId: y.id, count: 1, unit: 100, token: token(), min: 1 },
      { memberId: x.id, count: 4, unit: 100, token: token(), min: 1 },
    ]);
    expect(outcomes.map((o) => o.tickets)).toEqual([[1], [2, 3, 4]]);
    expect((await memberState(x.id)).points).toBe(50);
  });

  it("coins: 'all' of 3 at 30 with 50 coins buys 1", async () => {
    const packId = await buildPack(t.shop, { paymentMethod: '2', point: 30 });
    const x = await insertTestMember(t.shop, { coins: 50 });
    const outcomes = await runBatch(packId, [{ memberId: x.id, count: 3, unit: 30, token: token(), min: 1 }]);
    expect(outcomes.map((o) => o.tickets)).toEqual([[1]]);
    expect((await memberState(x.id)).coins).toBe(20);
  });

  it("check and buy: an 'all' token bought after the balance dropped by half a draw buys what the purse pays for", async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(4) }); // 10 tickets at 100
    const m = await insertTestMember(t.shop, { paidPoints: 1_000 });
    const check = await checkPurchase(t.shop.ctx, m.id, packId, 'all');
    expect(check).toMatchObject({ count: 10, point: 1_000 });
    await withTransaction(t.shop.ctx.db, (tx) =>
      spendPoints(tx, { memberId: m.id, amount: 50, reason: 'test', now: t.shop.clock.now() }),
    );
    const buy = await buyWithToken(t.shop.ctx, m.id, check.token);
    // 'all' takes what the purse pays for: 9 draws of the 10 confirmed.
    expect(buy.fresh!.claimed).toHaveLength(9);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// takeBuyBatch (pure)

interface Item {
  n: number;
  buyer: BatchBuyer;
}
const itemsArb = (tokenFor: (member: number, k: number) => string) =>
  fc
    .array(fc.record({ member: fc.integer({ min: 1, max: 6 }), k: fc.integer({ min: 0, max: 3 }) }), { maxLength: 40 })
    .map((xs) =>
      xs.map((x, n): Item => ({
        n,
        buyer: { memberId: x.member, count: 1, unit: 100, token: tokenFor(x.member, x.k), min: 1 },
      })),
    );

describe('takeBuyBatch (property)', () => {
  it('distinct members and tokens, arrival order, the rest queued in order, at most max, greedy', () => {
    fc.assert(
      fc.property(
        // Tokens shared across members too, to exercise the token rule on its own.
        itemsArb((_member, k) => `t${k}`),
        fc.integer({ min: 1, max: 8 }),
        (items, max) => {
          const waiting = [...items];
          const batch = takeBuyBatch(waiting, max);
          expect(batch.length).toBeLessThanOrEqual(max);
          expect(new Set(batch.map((w) => w.buyer.memberId)).size).toBe(batch.length);
          expect(new Set(batch.map((w) => w.buyer.token)).size).toBe(batch.length);
          // Both lists keep arrival order and together are exactly the input.
          const ns = (xs: Item[]) => xs.map((x) => x.n);
          expect(ns(batch)).toEqual([...ns(batch)].sort((x, y) => x - y));
          expect(ns(waiting)).toEqual([...ns(waiting)].sort((x, y) => x - y));
          expect([...ns(batch), ...ns(waiting)].sort((x, y) => x - y)).toEqual(ns(items));
          // An entry left queued was blocked: the batch was full, or an earlier entry has its member or token.
          for (const w of waiting) {
            const earlier = batch.filter((x) => x.n < w.n);
            const blocked =
              earlier.length >= max ||
              earlier.some((x) => x.buyer.memberId === w.buyer.memberId || x.buyer.token === w.buyer.token);
            expect(blocked, `entry ${w.n} left queued without cause`).toBe(true);
          }
          if (items.length > 0) expect(batch[0]).toBe(items[0]);
        },
      ),
    );
  });

  it("with tokens bound to their member (as the server's are), takes each member's earliest entry", () => {
    fc.assert(
      fc.property(
        itemsArb((member, k) => `m${member}-${k}`),
        fc.integer({ min: 1, max: 8 }),
        (items, max) => {
          const waiting = [...items];
          const batch = takeBuyBatch(waiting, max);
          for (const w of batch) {
            expect(items.find((x) => x.buyer.memberId === w.buyer.memberId)).toBe(w);
          }
          // Draining the queue batch by batch serves each member's entries in arrival order.
          const served = new Map<number, number[]>();
          for (const w of batch) served.set(w.buyer.memberId, [w.n]);
          for (let guard = 0; waiting.length > 0 && guard < 100; guard++) {
            const next = takeBuyBatch(waiting, max);
            expect(next.length).toBeGreaterThan(0);
            for (const w of next) served.set(w.buyer.memberId, [...(served.get(w.buyer.memberId) ?? []), w.n]);
          }
          expect(waiting).toEqual([]);
          for (const [member, ns] of served) {
            expect(ns).toEqual(items.filter((x) => x.buyer.memberId === member).map((x) => x.n));
          }
        },
      ),
    );
  });

  it('defaults to MAX_BATCH', () => {
    const waiting: Item[] = Array.from({ length: MAX_BATCH + 5 }, (_, n) => ({
      n,
      buyer: { memberId: n + 1, count: 1, unit: 100, token: `t${n}`, min: 1 },
    }));
    const batch = takeBuyBatch(waiting);
    expect(batch).toHaveLength(MAX_BATCH);
    expect(waiting.map((w) => w.n)).toEqual([0, 1, 2, 3, 4].map((k) => MAX_BATCH + k));
    expect(takeBuyBatch([])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Through the HTTP API: the queue in buy-batcher.ts under parallel buyers.

/** check, then buy, through the purchase services; a refusal answers its AppError instead of throwing. */
const drawOrRefusal = (memberId: number, packId: number, count: number) =>
  drawDirect(t.shop.ctx, memberId, packId, count).catch((e: unknown) => {
    if (e instanceof AppError) return e;
    throw e;
  });

describe('buying in batches (the queue behind POST /user/pack/buy)', () => {
  it('many members buying in parallel all get their own correct outcome', async () => {
    const PRICE = 100;
    const packId = await buildPack(t.shop, { point: PRICE, cards: smallLineup(94) }); // 100 tickets
    const members = await Promise.all(
      Array.from({ length: 30 }, () => insertTestMember(t.shop, { paidPoints: 1_000 })),
    );
    // 30 flows of 1-3 draws, plus a second parallel 1-draw flow for the first 10 members: 70 draws in all.
    const plan = members.flatMap((m, i) => [{ m, count: (i % 3) + 1 }, ...(i < 10 ? [{ m, count: 1 }] : [])]);
    const outcomes = await Promise.all(plan.map((p) => drawDirect(t.shop.ctx, p.m.id, packId, p.count)));
    outcomes.forEach((o, k) => expect(o.fresh!.claimed).toHaveLength(plan[k]!.count));
    const nums = outcomes.flatMap((o) => o.fresh!.claimed.map((c) => c.ticket_no));
    // Every buyer bought, so the tickets taken are exactly the 70 lowest.
    expect([...nums].sort((x, y) => x - y)).toEqual(Array.from({ length: 70 }, (_, k) => k + 1));
    expect(new Set(outcomes.map((o) => o.purchaseId)).size).toBe(plan.length);

    for (const m of members) {
      const draws = plan.filter((p) => p.m === m).reduce((s, p) => s + p.count, 0);
      const st = await memberState(m.id);
      expect(st.points).toBe(1_000 - draws * PRICE);
    }
    const perPurchase = await q(
      `SELECT b.id FROM purchases b LEFT JOIN ledger_entries l ON l.ref_type = 'purchase' AND l.ref_id = b.id
       WHERE b.pack_id = $1 GROUP BY b.id, b.price HAVING coalesce(-sum(l.amount), 0) <> b.price`,
      [packId],
    );
    expect(perPurchase.rows).toEqual([]);
    expect(await undrawnNos(packId)).toHaveLength(30);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('a rush bigger than the stock: fixed counts all or nothing, nothing oversold, the rest stays for later', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(24) }); // 30 tickets
    const members = await Promise.all(
      Array.from({ length: 20 }, () => insertTestMember(t.shop, { paidPoints: 1_000 })),
    );
    const outcomes = await Promise.all(members.map((m) => drawOrRefusal(m.id, packId, 3)));
    const ok = outcomes.filter((o) => !(o instanceof AppError));
    for (const o of outcomes) {
      if (!(o instanceof AppError)) expect(o.fresh!.claimed).toHaveLength(3);
      else
        expect({ state: o.state, ok: ['sold_out', 'insufficient_stock'].includes(o.reason!) }).toEqual({
          state: 409,
          ok: true,
        });
    }
    for (const [k, m] of members.entries()) {
      expect((await memberState(m.id)).points).toBe(outcomes[k] instanceof AppError ? 1_000 : 700);
    }
    const sold = (await q('SELECT coalesce(sum(count), 0)::int AS n FROM purchases WHERE pack_id = $1', [packId]))
      .rows[0].n;
    expect(sold).toBe(ok.length * 3);
    expect(sold).toBeLessThanOrEqual(30);
    expect(await undrawnNos(packId)).toHaveLength(30 - sold);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});
