import { describe, expect, it, vi } from 'vitest';
import { altchaPayload, type DropChallenge, type DropStatus } from '@oripa/core';
import { solveChallenge } from 'altcha-lib/v1';
import type { ApiClient } from '../api-client.ts';
import { buildMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from '../admin/staff-fixtures.ts';
import { MINUTE } from './drop-fixtures.ts';

/** The waiting room's HTTP shape (issue 22): the console's setting, the page's calls, the refusals in ja and en. */
const t = useShop(async () => {
  const shop = await startTestShop({ DROP_POW_MAX_NUMBER: '1000' });
  return { shop, op: await staffClient(shop, 'operator') };
});

const draftOf = async (packId: number) =>
  Number(
    (await t.shop.ctx.db.pool.query('SELECT id FROM pack_drafts WHERE pack_id = $1', [packId])).rows[0].id as string,
  );

/** The page's steps: the challenge, solved, posted with the join. */
async function joinVia(client: ApiClient, packId: number) {
  const c = (await client.get(`/user/pack/drop/${packId}/challenge`)).challenge as DropChallenge;
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return client.post('/user/pack/drop/join', {
    pack_id: packId,
    altcha: altchaPayload(c, s!.number),
  });
}

describe('a drop from the console to the pack page', () => {
  it('is set in the console (audited), joined from the page, and refuses the check until admitted', async () => {
    const packId = await buildPack(t.shop, { startDate: new Date(t.shop.clock.now().getTime() + 60 * MINUTE) });
    const draftId = await draftOf(packId);
    const set = await t.op.post(`/admin/packs/${draftId}/drop`, {
      prequeue_minutes: 30,
      admit_per_minute: 1,
      stay_minutes: 10,
    });
    expect(set.state, JSON.stringify(set)).toBe(200);
    const drop = set.drop as { seed_hash: string; seed: string | null; admit_per_minute: number };
    expect(drop).toMatchObject({ admit_per_minute: 1, seed: null });
    expect(drop.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await t.shop.ctx.db.pool.query(
      "SELECT after FROM audit_log WHERE action = 'pack.drop' AND target_id = $1",
      [String(draftId)],
    );
    expect(audit.rows[0].after).toMatchObject({ admit_per_minute: 1, seed_hash: drop.seed_hash });

    const [a, b] = [
      await buildMember(t.shop, { paidPoints: 5_000 }),
      await buildMember(t.shop, { paidPoints: 5_000, lang: 'en' }),
    ];
    const closed = await joinVia(a.client, packId);
    expect(closed).toMatchObject({ state: 409, reason: 'drop_not_open' });

    t.shop.clock.advance(35 * MINUTE);
    // The window is open: the console no longer changes the settings.
    const late = await t.op.post(`/admin/packs/${draftId}/drop`, {
      prequeue_minutes: 5,
      admit_per_minute: 9,
      stay_minutes: 9,
    });
    expect(late).toMatchObject({ state: 409, reason: 'drop_open' });

    expect((await joinVia(a.client, packId)).state).toBe(200);
    expect((await joinVia(b.client, packId)).state).toBe(200);
    const waiting = (await a.client.get(`/user/pack/drop/${packId}`)) as unknown as DropStatus & { state: number };
    expect(waiting).toMatchObject({ queue_state: 'prequeue', place: null });

    t.shop.clock.advance(25 * MINUTE);
    const [sa, sb] = [
      (await a.client.get(`/user/pack/drop/${packId}`)) as Record<string, unknown>,
      (await b.client.get(`/user/pack/drop/${packId}`)) as Record<string, unknown>,
    ];
    const admitted = sa.place === 1 ? a : b;
    const held = sa.place === 1 ? b : a;
    expect([sa.place, sb.place].sort()).toEqual([1, 2]);

    const refused = await held.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    expect(refused).toMatchObject({ state: 403, reason: 'drop_not_admitted' });
    const words = refused.errors!.count![0];
    expect(words).toBe(
      held === b
        ? 'This pack is sold through a queue. Please wait on the pack page until it is your turn'
        : 'このパックは順番待ちの販売です。パックのページで順番が来るまでお待ちください',
    );
    // Asking again at once is answered from memory, before the session is read (refusal-box.ts), in its language.
    const lookups = vi.spyOn(t.shop.ctx.db.pool, 'query');
    const again = await held.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    expect(again).toMatchObject({ state: 429, reason: 'rate_limited' });
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
    expect(again.errors!.general![0]).toBe(
      held === b
        ? 'Too many requests. Please wait a moment and try again'
        : 'アクセスが集中しています。少し待ってからもう一度お試しください',
    );
    // Its status is not held: only the route that was refused, about that pack (a check of another pack is not).
    expect((await held.client.get(`/user/pack/drop/${packId}`)).state).toBe(200);
    const otherPack = await buildPack(t.shop);
    expect((await held.client.post('/user/pack/check', { pack_id: otherPack, count: 1 })).state).toBe(200);
    const check = await admitted.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    expect(check.state).toBe(200);
    expect((await admitted.client.post('/user/pack/buy', { token: check.token })).state).toBe(200);

    const record = await t.shop.client().get(`/user/pack/drop_fairness/${packId}`);
    expect(record.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((record.order as string[]).sort()).toEqual([sa.entry_code, sb.entry_code].sort());
  });

  it('answers bad input of its POSTs with a 4xx in the caller language and changes nothing', async () => {
    const packId = await buildPack(t.shop, { startDate: new Date(t.shop.clock.now().getTime() + 60 * MINUTE) });
    const draftId = await draftOf(packId);
    const m = await buildMember(t.shop, { lang: 'en' });
    const count = async () =>
      Number((await t.shop.ctx.db.pool.query('SELECT count(*) FROM drop_queue')).rows[0].count as string) +
      Number((await t.shop.ctx.db.pool.query('SELECT count(*) FROM pack_drops')).rows[0].count as string);
    const before = await count();
    for (const body of [
      {},
      { pack_id: 'abc', altcha: 'x' },
      { pack_id: packId, altcha: '<script>alert(1)</script>' },
      { pack_id: packId, altcha: 'x'.repeat(5000) },
      { pack_id: 99_999_999, altcha: 'bm9wZQ==' },
      { pack_id: packId, altcha: "'; DROP TABLE drop_queue; --" },
    ]) {
      const r = await m.client.post('/user/pack/drop/join', body);
      expect(r.state, JSON.stringify(r)).toBeGreaterThanOrEqual(400);
      expect(r.state).toBeLessThan(500);
      expect(JSON.stringify(r.errors)).not.toMatch(/[ぁ-んァ-ン]/);
    }
    for (const body of [
      {},
      { prequeue_minutes: -1, admit_per_minute: 1, stay_minutes: 1 },
      { prequeue_minutes: 30, admit_per_minute: 1e12, stay_minutes: 1 },
      { prequeue_minutes: 30, admit_per_minute: 10, stay_minutes: '<b>5</b>' },
      { prequeue_minutes: 1.5, admit_per_minute: 10, stay_minutes: 5 },
    ]) {
      const r = await t.op.post(`/admin/packs/${draftId}/drop`, body);
      expect(r.state, JSON.stringify(r)).toBe(400);
    }
    expect(
      (await t.op.post(`/admin/packs/99999999/drop`, { prequeue_minutes: 1, admit_per_minute: 1, stay_minutes: 1 }))
        .state,
    ).toBe(404);
    expect(await count()).toBe(before);
    expect((await t.shop.client().post('/user/pack/drop/join', { pack_id: packId, altcha: 'bm9wZQ==' })).state).toBe(
      401,
    );
  });
});
