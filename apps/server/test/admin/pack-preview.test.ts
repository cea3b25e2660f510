import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PackDetail, PackSummary } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_MS } from '../../src/services/packs/pack-preview.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { createCardWithImage, draftBody, pngBytes, upload, type CardReply } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

/**
 * The preview step (issue 10: draft → preview → publish → on sale → closed): staff get a signed, short-lived link
 * to the storefront's pack page for a draft; members and guests never see a draft any other way, and nothing on the
 * preview can be bought.
 */
const t = useShop(async () => {
  const shop = await startTestShop({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'oripa-preview-')) });
  const op = await staffClient(shop, 'operator');
  const cards: CardReply[] = [];
  for (let i = 0; i < 4; i++) cards.push(await createCardWithImage(op, {}, 30 + i));
  const image = ((await upload(op, await pngBytes(1200, 600, 90))).media as { url: string }).url;
  return { shop, op, cards, image };
});

async function newDraft(name: string) {
  const made = await t.op.post('/admin/packs', draftBody(t.cards, [t.image], { name_ja: name, name_en: `${name} EN` }));
  expect(made.state, JSON.stringify(made)).toBe(200);
  return (made.pack as { id: number }).id;
}

const tokenOf = (url: string) => new URLSearchParams(url.split('?')[1]).get('preview')!;

describe('pack preview', () => {
  it('shows staff the draft as members will see it, in their language, with nothing to buy', async () => {
    const id = await newDraft('プレビュー用パック');
    const link = await t.op.get(`/admin/packs/${id}/preview`);
    expect(link.state, JSON.stringify(link)).toBe(200);
    expect(link.url).toMatch(/^\/pack-detail\?preview=/);
    const token = tokenOf(link.url as string);

    for (const [lang, name] of [
      ['ja', 'プレビュー用パック'],
      ['en', 'プレビュー用パック EN'],
    ] as const) {
      const seen = await t.shop.client(lang).get(`/user/pack/preview/${token}`);
      expect(seen.state, JSON.stringify(seen)).toBe(200);
      expect(seen.preview).toBe('1');
      const detail = seen.detail as PackDetail;
      expect(detail.name).toBe(name);
      // The lineup at its counts (1 S, 2 A, 3 B, 14 C in draftBody), all still to draw, and no draws yet.
      expect(Object.fromEntries(Object.entries(detail.lineup).map(([r, cs]) => [r, cs.length]))).toEqual({
        S: 1,
        A: 1,
        B: 1,
        C: 1,
      });
      expect(detail.remaining_by_rank).toEqual({ S: 1, A: 2, B: 3, C: 14 });
      expect(detail.total_pack_count).toBe(20);
      expect(detail.draw_log).toEqual([]);
      // Id 0: no pack has it, so a buy from the preview page has nothing to name.
      expect(detail.id).toBe(0);
    }
  });

  it('never shows a draft to members or guests, and refuses to sell one', async () => {
    const id = await newDraft('秘密の下書き');
    const token = tokenOf((await t.op.get(`/admin/packs/${id}/preview`)).url as string);
    const member = await buildMember(t.shop, { paidPoints: 10_000 });
    for (const c of [t.shop.client('ja'), member.client]) {
      const list = (await c.get('/user/pack/list')).list as PackSummary[];
      expect(list.map((p) => p.name)).not.toContain('秘密の下書き');
      const detail = await c.get(`/user/pack/detail/${id}`);
      expect(JSON.stringify(detail)).not.toContain('秘密の下書き');
      // A token for another draft, a forged signature, half a token: all 404 alike.
      const [draftId, exp, sig] = token.split('.');
      for (const bad of [
        `${Number(draftId) + 1}.${exp}.${sig}`,
        `${draftId}.${Number(exp) + 60_000}.${sig}`,
        `${draftId}.${exp}.${'A'.repeat(43)}`,
        `${draftId}.${exp}`,
        'x',
      ]) {
        const seen = await c.get(`/user/pack/preview/${encodeURIComponent(bad)}`);
        expect(seen.state, bad).toBe(404);
        expect(JSON.stringify(seen)).not.toContain('秘密の下書き');
      }
    }
    // Buying: neither the preview's id 0 nor the draft's own id names a pack on sale.
    for (const packId of [0, id]) {
      const check = await member.client.post('/user/pack/check', { pack_id: packId, count: 1 });
      expect(check.state, JSON.stringify(check)).toBeGreaterThanOrEqual(400);
      expect(check.token).toBeUndefined();
    }
    const { rows } = await t.shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM purchases WHERE member_id = $1', [
      member.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('expires, ends at publication, and is for catalogue staff only', async () => {
    const id = await newDraft('期限つきプレビュー');
    const token = tokenOf((await t.op.get(`/admin/packs/${id}/preview`)).url as string);
    const guest = t.shop.client('ja');
    expect((await guest.get(`/user/pack/preview/${token}`)).state).toBe(200);
    t.shop.clock.advance(PREVIEW_TTL_MS + 1000);
    expect((await guest.get(`/user/pack/preview/${token}`)).state).toBe(404);

    const fresh = tokenOf((await t.op.get(`/admin/packs/${id}/preview`)).url as string);
    expect((await guest.get(`/user/pack/preview/${fresh}`)).state).toBe(200);
    const owner = await staffClient(t.shop, 'owner');
    const published = await owner.post(`/admin/packs/${id}/publish`);
    expect(published.state, JSON.stringify(published)).toBe(200);
    // Once published the real pack page is live: the preview link and a new one are refused.
    expect((await guest.get(`/user/pack/preview/${fresh}`)).state).toBe(404);
    const again = await t.op.get(`/admin/packs/${id}/preview`);
    expect(again.state).toBe(409);
    expect(again.errors?.general?.[0]).toMatch(/[ぁ-んァ-ン一-龥]/);

    const shipping = await staffClient(t.shop, 'shipping', 'en');
    expect((await shipping.get(`/admin/packs/${id}/preview`)).state).toBe(403);
    expect((await guest.get(`/admin/packs/${id}/preview`)).state).toBe(401);
  });
});
