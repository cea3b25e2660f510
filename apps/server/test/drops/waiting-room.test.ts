import { queueOrder, verifyQueueOrder } from '@oripa/core';
import { describe, expect, it } from 'vitest';
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
      expect(onA.filter((s) => s.queue_state === 'admitted')).toHaveLength(3);

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
    t.shop.clock.advance(5 * MINUTE);
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
