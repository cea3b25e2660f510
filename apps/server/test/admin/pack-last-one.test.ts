import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminPackDetail } from '@oripa/core/admin';
import type { PackDetail, PurchaseResult } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { createCardWithImage, draftBody, pngBytes, upload, type CardReply } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'oripa-last-one-')) });
  const op = await staffClient(shop, 'operator');
  const cards: CardReply[] = [];
  for (let i = 0; i < 5; i++) cards.push(await createCardWithImage(op, {}, 30 + i));
  const up = await upload(op, await pngBytes(1200, 600, 79));
  return { shop, op, cards, image: (up.media as { url: string }).url };
});

describe('a console pack with a last-one prize', () => {
  it('publishes the prize apart from the lineup and shows its winner after the sell-out', async () => {
    const prize = t.cards[4]!;
    const d = await t.op.post('/admin/packs', draftBody(t.cards, [t.image], { last_one_card_id: prize.id }));
    expect(d.state, JSON.stringify(d)).toBe(200);
    const id = (d.pack as AdminPackDetail).id;
    const pub = await t.op.post(`/admin/packs/${id}/publish`);
    expect(pub.state, JSON.stringify(pub)).toBe(200);
    const pack = pub.pack as AdminPackDetail;
    const packId = pack.pack_id!;
    // The console's lineup is the 20 tickets' four cards; the prize is named on its own.
    expect(pack.lineup.map((e) => e.count)).toEqual([1, 2, 3, 14]);
    expect(pack.last_one_card_id).toBe(prize.id);
    expect(pack.figures!.remaining_by_rank.S).toBe(1);
    expect(pack.figures!.last_one_winner).toBeNull();

    const shop = (await t.shop.client().get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(shop.last_one?.name).toBe(prize.name_ja);

    const first = await buildMember(t.shop, { paidPoints: 10_000 });
    const last = await buildMember(t.shop, { paidPoints: 10_000 });
    await drawVia(first.client, packId, 10);
    const won = (await drawVia(last.client, packId, 'all')).buy as unknown as PurchaseResult;
    expect(won.cards.filter((c) => c.last_one === '1').map((c) => c.name)).toEqual([prize.name_ja]);

    const live = (await t.op.get(`/admin/packs/${id}`)).pack as AdminPackDetail;
    expect(live.figures!.sold).toBe(20);
    expect(live.figures!.last_one_winner).toMatchObject({ member_id: last.id, purchase_id: won.purchase_id });
  });
});
