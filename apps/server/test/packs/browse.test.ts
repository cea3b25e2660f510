import { describe, expect, it } from 'vitest';
import { seedCommitment, type PackDetail, type PackSummary } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();

describe('browsing packs', () => {
  it('lists on-sale, upcoming and sold-out packs with per-member flags', async () => {
    const onSale = await buildPack(t.shop, { nameJa: '販売中', nameEn: 'On sale', rankLimit: 3, smsOnly: true });
    const upcoming = await buildPack(t.shop, { startDate: new Date(t.shop.clock.now().getTime() + 2 * 86400_000) });
    const member = await buildMember(t.shop, { paidPoints: 10_000, rank: 3, smsVerified: true });
    const list = (await member.client.get('/user/pack/list')).list as PackSummary[];
    const a = list.find((p) => p.id === onSale)!;
    expect(a).toMatchObject({
      name: '販売中',
      pack_count: 20,
      total_pack_count: 20,
      can_limit: '0',
      is_sms_limit: '0',
    });
    expect(a.is_before).toBe('0');
    expect(a.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(list.find((p) => p.id === upcoming)!.is_before).toBe('1');

    const guest = (await t.shop.client('en').get('/user/pack/list')).list as PackSummary[];
    const g = guest.find((p) => p.id === onSale)!;
    expect(g).toMatchObject({ name: 'On sale', can_limit: '1', is_sms_limit: '1' });
  });

  it('pages one card type and the lineup', async () => {
    await buildPack(t.shop, { cardType: 2 });
    const res = await t.shop.client().get('/user/pack/all_list/2');
    expect(res.state).toBe(200);
    expect((res.list as PackSummary[]).every((p) => p.card_type === 2)).toBe(true);
    expect(res.page).toMatchObject({ page: 1 });
    const packId = await buildPack(t.shop);
    const cards = await t.shop.client().get(`/user/pack/card_list/${packId}`);
    expect((cards.list as { rank: string }[]).map((c) => c.rank)).toEqual(['S', 'A', 'B', 'C']);
    expect((await t.shop.client().get('/user/pack/card_list/999999')).state).toBe(404);
  });

  it('shows detail with remaining per rank, draw log with ticket numbers, and hides the seed until sold out', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(2) });
    const c = t.shop.client();
    const before = (await c.get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(before.remaining_by_rank).toEqual({ S: 1, A: 2, B: 3, C: 2 });
    expect(before.fairness.seed).toBeNull();
    expect(before.lineup.S[0]).toMatchObject({ name: 'Sky Sovereign', rarity_label: 'ultraRare', buy_point: 50_000 });

    const member = await buildMember(t.shop, { paidPoints: 10_000 });
    const { buy } = await drawVia(member.client, packId, 'all');
    expect(buy?.state).toBe(200);
    const after = (await c.get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(after.pack_count).toBe(0);
    expect(after.remaining_by_rank).toEqual({ S: 0, A: 0, B: 0, C: 0 });
    expect(after.draw_log).toHaveLength(8);
    expect(after.draw_log[0]!.member).toBe('試験***');
    expect(new Set(after.draw_log.map((d) => d.ticket_no)).size).toBe(8);
    expect(after.fairness.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedCommitment(after.fairness.seed!)).toBe(after.fairness.seed_hash);
    expect(after.fairness.revealed_at).not.toBeNull();
  });

  it('answers 404 for unknown or malformed pack ids', async () => {
    expect((await t.shop.client().get('/user/pack/detail/424242')).state).toBe(404);
    expect((await t.shop.client().get('/user/pack/detail/abc')).state).toBe(404);
    expect((await t.shop.client().get("/user/pack/detail/1'%20OR%201=1")).state).toBe(404);
  });

  it('answers the POST aliases of the list and the lineup, and pages long lineups', async () => {
    const packId = await buildPack(t.shop, {
      cards: Array.from({ length: 35 }, (_, i) => ({
        rank: 'C' as const,
        name: `Card ${i}`,
        imageUrl: '/demo/cards/x.svg',
        setCount: 1,
        buyPoint: 10,
      })),
    });
    const c = t.shop.client();
    const list = await c.post('/user/pack/list', {});
    expect((list.list as PackSummary[]).some((p) => p.id === packId)).toBe(true);
    const page2 = await c.post('/user/pack/card', { pack_id: packId, page: 2 });
    expect(page2.page).toMatchObject({ page: 2, all_page: 2 });
    expect((page2.list as unknown[]).length).toBe(5);
    const viaGet = await c.get(`/user/pack/card_list/${packId}/2`);
    expect(viaGet.list).toEqual(page2.list);
    expect((await c.post('/user/pack/card', { pack_id: 'x' })).state).toBe(404);
  });

  it('publishes the fairness record: lineup, commitment, and every draw with its card', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    await drawVia(m.client, packId, 3);
    const fair = await t.shop.client().get(`/user/pack/fairness/${packId}`);
    expect(fair).toMatchObject({ state: 200, pack_id: packId, total_pack_count: 20 });
    expect(fair.fairness).toMatchObject({ seed: null, algorithm: 'sha256-ctr-fisher-yates-v1' });
    expect((fair.draws as { ticket_no: number }[]).map((d) => d.ticket_no)).toEqual([1, 2, 3]);
    expect((fair.cards as unknown[]).length).toBe(4);
    expect((await t.shop.client().get('/user/pack/fairness/999999')).state).toBe(404);
  });
});
