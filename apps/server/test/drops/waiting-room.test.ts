import { queueOrder, verifyQueueOrder } from '@oripa/core';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { dropFairness } from '../../src/services/drops/drop-fairness.ts';
import { dropStatus, joinDrop } from '../../src/services/drops/waiting-room.ts';
import { checkPurchase } from '../../src/services/packs/purchase.ts';
import { insertTestMember } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildTestContext } from '../test-context.ts';
import { buildDropPack, MINUTE, solvedPayload } from './drop-fixtures.ts';

/**
 * The waiting room's rules against PostgreSQL (issue 22 §1): two contexts on one database are two shop instances
 * behind a balancer; a new context after closing one is a restart.
 */
// An easy proof-of-work: the tests solve dozens of them; its difficulty is not what they test.
const t = useServiceShop({ DROP_POW_MAX_NUMBER: '1000' });

function secondInstance(): AppContext {
  return buildTestContext(t.shop.ctx.config, t.shop.databaseUrl, t.shop.clock);
}

async function join(ctx: AppContext, memberId: number, packId: number, address = '192.0.2.1') {
  return joinDrop(ctx, { memberId, packId, altcha: await solvedPayload(ctx, memberId, packId), address });
}

const members = (n: number) =>
  Promise.all(Array.from({ length: n }, () => insertTestMember(t.shop, { paidPoints: 10_000 })));

describe('the waiting room across two instances', () => {
  it('shuffles the pre-queue once at the start with the committed seed, one place per member, then FIFO', async () => {
    const a = t.shop.ctx;
    const b = secondInstance();
    try {
      const { packId, seedHex } = await buildDropPack(t.shop, { startsInMs: 10 * MINUTE, admitPerMinute: 3 });
      const early = await members(8);
      // Joins alternate between the instances; every member also joins again from the other one (a second tab).
      for (const [i, m] of early.entries()) {
        const s = await join(i % 2 ? a : b, m.id, packId);
        expect(s.queue_state).toBe('prequeue');
        expect((await join(i % 2 ? b : a, m.id, packId)).entry_code).toBe(s.entry_code);
      }
      const codes = await Promise.all(early.map(async (m) => (await dropStatus(a, m.id, packId)).entry_code!));
      expect(new Set(codes).size).toBe(8);

      t.shop.clock.advance(10 * MINUTE);
      // Both instances ask at the start at once: one shuffle, the same answer on each.
      const [onA, onB] = await Promise.all([
        Promise.all(early.map((m) => dropStatus(a, m.id, packId))),
        Promise.all(early.map((m) => dropStatus(b, m.id, packId))),
      ]);
      expect(onA.map((s) => s.place)).toEqual(onB.map((s) => s.place));
      expect(onA.map((s) => s.place).sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const expected = queueOrder(codes, seedHex);
      onA.forEach((s) => expect(s.place).toBe(expected.indexOf(s.entry_code!) + 1));
      // Admission runs evenly through the minute (3 a minute: places 1, 2, 3 at 0, 20 and 40 s), on both instances.
      expect(onA.filter((s) => s.queue_state === 'admitted').map((s) => s.place)).toEqual([1]);
      t.shop.clock.advance(50_000);
      for (const ctx of [a, b]) {
        const now = await Promise.all(early.map((m) => dropStatus(ctx, m.id, packId)));
        expect(
          now
            .filter((s) => s.queue_state === 'admitted')
            .map((s) => s.place)
            .sort(),
        ).toEqual([1, 2, 3]);
      }

      // The record anyone can check once the seed is revealed.
      const record = await dropFairness(b, packId);
      expect(record.seed).toBe(seedHex);
      expect(record.order).toEqual(expected);
      expect(verifyQueueOrder({ seed: record.seed!, seed_hash: record.seed_hash, order: record.order! }).ok).toBe(true);

      // Later arrivals queue behind, in the order they came, whichever instance they reach.
      const late = await members(4);
      const places: number[] = [];
      for (const [i, m] of late.entries()) places.push((await join(i % 2 ? a : b, m.id, packId)).place!);
      expect(places).toEqual([9, 10, 11, 12]);
      expect((await join(a, late[0]!.id, packId)).place).toBe(9);
    } finally {
      await b.db.close();
    }
  });

  it('admits the given number a minute, refuses the check before and after the admission, and queues a lapsed member again', async () => {
    const { packId } = await buildDropPack(t.shop, { startsInMs: 0, admitPerMinute: 1, stayMinutes: 2 });
    const [first, second] = await members(2);
    expect((await join(t.shop.ctx, first!.id, packId)).queue_state).toBe('admitted');
    const waiting = await join(t.shop.ctx, second!.id, packId);
    expect(waiting).toMatchObject({ queue_state: 'waiting', place: 2 });
    expect(waiting.wait_seconds).toBeGreaterThan(50);

    await expect(checkPurchase(t.shop.ctx, second!.id, packId, 1)).rejects.toMatchObject({
      reason: 'drop_not_admitted',
      fields: { count: ['dropNotAdmitted'] },
    });
    expect((await checkPurchase(t.shop.ctx, first!.id, packId, 1)).count).toBe(1);

    t.shop.clock.advance(MINUTE);
    expect((await checkPurchase(t.shop.ctx, second!.id, packId, 1)).count).toBe(1);

    t.shop.clock.advance(2 * MINUTE);
    await expect(checkPurchase(t.shop.ctx, first!.id, packId, 1)).rejects.toMatchObject({
      reason: 'drop_admission_expired',
    });
    const again = await join(t.shop.ctx, first!.id, packId);
    expect(again.place).toBe(3);
  });

  it('keeps the queue and the admissions through a restart (a new instance on the same database)', async () => {
    const { packId } = await buildDropPack(t.shop, { startsInMs: 5 * MINUTE, admitPerMinute: 2 });
    const queued = await members(5);
    const before = secondInstance();
    for (const m of queued) await join(before, m.id, packId);
    // 2 a minute: places 1 and 2 are admitted at the start and 30 s after it.
    t.shop.clock.advance(5 * MINUTE + 45_000);
    const seen = await Promise.all(queued.map((m) => dropStatus(before, m.id, packId)));
    await before.db.close();

    const after = secondInstance();
    try {
      const again = await Promise.all(queued.map((m) => dropStatus(after, m.id, packId)));
      expect(again.map((s) => [s.place, s.queue_state, s.admitted_at])).toEqual(
        seen.map((s) => [s.place, s.queue_state, s.admitted_at]),
      );
      const admitted = queued.filter((_, i) => again[i]!.queue_state === 'admitted');
      expect(admitted).toHaveLength(2);
      expect((await checkPurchase(after, admitted[0]!.id, packId, 1)).count).toBe(1);
    } finally {
      await after.db.close();
    }
  });
});

describe("an instance's memory of the queue (ADR 0053)", () => {
  it('answers from memory while a place holds, and follows a lapse and a join again made on another instance', async () => {
    const a = t.shop.ctx;
    const b = secondInstance();
    try {
      const { packId } = await buildDropPack(t.shop, { startsInMs: 0, admitPerMinute: 1, stayMinutes: 2 });
      const [first, second] = await members(2);
      expect((await join(b, first!.id, packId, '203.0.113.1')).place).toBe(1);
      await join(b, second!.id, packId, '203.0.113.2');
      // A read by key once, then from memory: the statement counts of the pool show no read per poll.
      const onA = await dropStatus(a, first!.id, packId);
      expect(onA).toMatchObject({ place: 1, queue_state: 'admitted' });
      expect(onA.poll_ms).toBeGreaterThanOrEqual(2_000);
      const queries = vi.spyOn(a.db.pool, 'query');
      for (let i = 0; i < 5; i++) expect((await dropStatus(a, first!.id, packId)).place).toBe(1);
      expect((await checkPurchase(a, first!.id, packId, 1)).count).toBe(1);
      const entryReads = queries.mock.calls.filter(([sql]) =>
        String(sql).includes('FROM drop_queue WHERE pack_id = $1 AND member_id'),
      );
      expect(entryReads).toHaveLength(0);
      queries.mockRestore();

      // The admission lapses; the member queues again on the other instance, at the back: A shows the new place.
      t.shop.clock.advance(2 * MINUTE);
      expect((await dropStatus(a, first!.id, packId)).queue_state).toBe('expired');
      const again = await join(b, first!.id, packId, '203.0.113.1');
      expect(again.place).toBe(3);
      const seen = await dropStatus(a, first!.id, packId);
      expect(seen).toMatchObject({ place: 3, entry_code: again.entry_code });
      // Its minute has room (place 2 was admitted a minute ago): admitted at once, which A knows too.
      expect(seen.queue_state).toBe('admitted');
      expect((await checkPurchase(a, first!.id, packId, 1)).count).toBe(1);
    } finally {
      await b.db.close();
    }
  });

  it('tells a page far from the front to poll seldom, and one near its turn to poll just after it', async () => {
    const { packId } = await buildDropPack(t.shop, { startsInMs: 0, admitPerMinute: 1, stayMinutes: 5 });
    const queued = await members(12);
    const statuses = [];
    for (const [i, m] of queued.entries()) statuses.push(await join(t.shop.ctx, m.id, packId, `198.51.100.${i + 1}`));
    const last = statuses.at(-1)!;
    expect(last).toMatchObject({ queue_state: 'waiting', place: 12 });
    expect(last.poll_ms).toBe(30_000);
    // A minute away: half of it (the test clock runs on with real time between the join and the reply).
    expect(statuses[1]!.poll_ms).toBeGreaterThan(20_000);
    expect(statuses[1]!.poll_ms).toBeLessThanOrEqual(30_000);
    await t.shop.clock.moveTo(new Date(Date.parse(statuses[1]!.admitted_at!) - 5_000));
    const near = await dropStatus(t.shop.ctx, queued[1]!.id, packId);
    // Once, just after the admission (at most 3 s of spread), not half the time left.
    expect(near.queue_state).toBe('waiting');
    expect(near.poll_ms).toBeGreaterThanOrEqual(2_000);
    expect(near.poll_ms).toBeLessThanOrEqual(Math.max(2_000, near.wait_seconds! * 1000) + 3_000);
  });
});

describe('joining is guarded', () => {
  it('refuses a missing or borrowed proof-of-work, a closed window and an unconfirmed member, changing nothing', async () => {
    const { packId } = await buildDropPack(t.shop, { startsInMs: 10 * MINUTE });
    const [m, other] = await members(2);
    const borrowed = await solvedPayload(t.shop.ctx, other!.id, packId);
    await expect(
      joinDrop(t.shop.ctx, { memberId: m!.id, packId, altcha: borrowed, address: '192.0.2.9' }),
    ).rejects.toMatchObject({ reason: 'challenge_invalid' });
    await expect(
      joinDrop(t.shop.ctx, { memberId: m!.id, packId, altcha: 'bm90IGEgcGF5bG9hZA==', address: '192.0.2.9' }),
    ).rejects.toMatchObject({ reason: 'challenge_invalid' });
    const unconfirmed = await insertTestMember(t.shop, { mailVerified: false });
    await expect(join(t.shop.ctx, unconfirmed.id, packId, '192.0.2.9')).rejects.toMatchObject({
      reason: 'mail_unverified',
    });
    const later = await buildDropPack(t.shop, { startsInMs: 60 * MINUTE, prequeueMinutes: 30 });
    await expect(join(t.shop.ctx, m!.id, later.packId, '192.0.2.9')).rejects.toMatchObject({ reason: 'drop_not_open' });
    expect((await dropStatus(t.shop.ctx, m!.id, packId)).queue_state).toBe('outside');
  });

  it('takes pre-queue places in one statement per batch, keeps one on a second join at once, and never after the shuffle', async () => {
    const a = t.shop.ctx;
    const b = secondInstance();
    try {
      const { packId } = await buildDropPack(t.shop, { startsInMs: 10 * MINUTE, admitPerMinute: 2 });
      const [m, twoTabs, lateOne] = await members(3);
      const queries = vi.spyOn(a.db.pool, 'query');
      const s = await join(a, m!.id, packId);
      const writes = queries.mock.calls.filter(([q]) => /INSERT INTO drop_queue|BEGIN/.test(JSON.stringify(q)));
      queries.mockRestore();
      expect(s.queue_state).toBe('prequeue');
      // No transaction of its own: the insert is one statement with the drop row's share lock inside it.
      expect(writes.map(([q]) => JSON.stringify(q).includes('BEGIN'))).toEqual([false]);
      // A burst of joins on one instance: batched into fewer statements than joins, each member its own entry.
      const burst = await members(12);
      // Each insert statement takes 100 ms longer, as in a rush: the joins that arrive meanwhile wait and leave together.
      const pool = a.db.pool;
      const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      const counted = vi.spyOn(pool, 'query').mockImplementation((async (...args: unknown[]) => {
        if (JSON.stringify(args[0]).includes('INSERT INTO drop_queue')) await new Promise((r) => setTimeout(r, 100));
        return original(...args);
      }) as never);
      const joined = await Promise.all(burst.map((x, i) => join(a, x.id, packId, `198.51.100.${100 + i}`)));
      const inserts = counted.mock.calls.filter(([q]) => JSON.stringify(q).includes('INSERT INTO drop_queue'));
      counted.mockRestore();
      expect(joined.every((j) => j.queue_state === 'prequeue')).toBe(true);
      expect(new Set(joined.map((j) => j.entry_code)).size).toBe(12);
      expect(inserts.length).toBeLessThan(12);
      // Two tabs on two instances at the same instant: one entry, the same code on both.
      const [x, y] = await Promise.all([join(a, twoTabs!.id, packId), join(b, twoTabs!.id, packId)]);
      expect(x.entry_code).toBe(y.entry_code);
      t.shop.clock.advance(10 * MINUTE);
      expect((await dropStatus(b, m!.id, packId)).place).not.toBeNull();
      // After the shuffle a join queues late behind the pre-queue (14 places), never into it.
      const after = await join(a, lateOne!.id, packId);
      expect(after.place).toBe(15);
      const { rows } = await a.db.pool.query<{ prequeue: boolean }>(
        'SELECT prequeue FROM drop_queue WHERE pack_id = $1 AND member_id = $2',
        [packId, lateOne!.id],
      );
      expect(rows).toEqual([{ prequeue: false }]);
    } finally {
      await b.db.close();
    }
  });

  it('limits joins per member and per address in a minute', async () => {
    const { packId } = await buildDropPack(t.shop, { startsInMs: 10 * MINUTE });
    const [m] = await members(1);
    const payload = await solvedPayload(t.shop.ctx, m!.id, packId);
    const reasons: string[] = [];
    for (let i = 0; i < 12; i++) {
      try {
        await joinDrop(t.shop.ctx, { memberId: m!.id, packId, altcha: payload, address: `198.51.100.${i}` });
        reasons.push('ok');
      } catch (err) {
        reasons.push((err as { reason: string }).reason);
      }
    }
    expect(reasons.slice(0, 10).every((r) => r === 'ok')).toBe(true);
    expect(reasons.slice(10)).toEqual(['rate_limited', 'rate_limited']);
  });
});
