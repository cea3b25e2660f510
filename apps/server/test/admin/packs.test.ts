import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../../../scripts/verify-pack.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { publishDraft } from '../../src/services/admin/catalogue/packs.ts';
import { lineupCards, publishPack } from '../../src/services/packs/pack-publishing.ts';
import { buildMember } from '../factories.ts';
import { drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { createCardWithImage, draftBody, pngBytes, upload, type CardReply } from './catalogue-fixtures.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'oripa-packs-')) });
  const op = await staffClient(shop, 'operator');
  const cards: CardReply[] = [];
  for (let i = 0; i < 5; i++) cards.push(await createCardWithImage(op, {}, 10 + i));
  const up = await upload(op, await pngBytes(1200, 600, 77));
  const image = (up.media as { url: string }).url;
  return { shop, op, cards, image };
});

interface Pack {
  id: number;
  pack_id: number | null;
  status: string;
  seed_hash: string | null;
  revealed_seed: string | null;
  lineup: { card_id: number; rank: 'S' | 'A' | 'B' | 'C'; count: number }[];
  figures: {
    sold: number;
    remaining: number;
    remaining_by_rank: Record<string, number>;
    revenue: number;
    buyers: number;
  } | null;
  name_ja: string;
}

async function draft(op: StaffClient, overrides: Record<string, unknown> = {}): Promise<Pack> {
  const res = await op.post('/admin/packs', draftBody(t.cards, [t.image], overrides));
  expect(res.state, JSON.stringify(res)).toBe(200);
  return res.pack as Pack;
}

const counts = async () =>
  (
    await t.shop.ctx.db.pool.query(
      `SELECT (SELECT count(*) FROM packs)::int AS packs, (SELECT count(*) FROM pack_drafts)::int AS drafts,
         (SELECT count(*) FROM tickets)::int AS tickets, (SELECT count(*) FROM audit_log)::int AS audit`,
    )
  ).rows[0];

describe('pack drafts: bad input changes nothing', () => {
  it('refuses a lineup whose counts do not add up, naming both numbers', async () => {
    const before = await counts();
    const res = await t.op.post('/admin/packs', draftBody(t.cards, [t.image], { total_tickets: 25 }));
    expect(res.state).toBe(400);
    expect(res.errors?.lineup?.[0]).toBe('ラインナップの口数の合計（20口）が総口数（25口）と一致しません');
    expect(await counts()).toEqual(before);
  });

  it('refuses a start after the end, a card twice, an unknown card, a zero count', async () => {
    const before = await counts();
    const late = await t.op.post(
      '/admin/packs',
      draftBody(t.cards, [t.image], { start_date: '2030-02-01 10:00', end_date: '2030-01-01 10:00' }),
    );
    expect(late.state).toBe(400);
    expect(late.errors?.end_date?.[0]).toBe('販売終了日時は販売開始日時より後にしてください');
    const c = t.cards;
    const twice = await t.op.post('/admin/packs', {
      ...draftBody(c, [t.image]),
      lineup: [
        { card_id: c[0]!.id, rank: 'S', count: 10 },
        { card_id: c[0]!.id, rank: 'A', count: 10 },
      ],
    });
    expect(twice.state).toBe(400);
    expect(twice.errors?.lineup?.[0]).toContain(`ID ${c[0]!.id}`);
    const unknown = await t.op.post('/admin/packs', {
      ...draftBody(c, [t.image]),
      lineup: [{ card_id: 987654, rank: 'S', count: 20 }],
    });
    expect(unknown.state).toBe(400);
    expect(unknown.errors?.lineup?.[0]).toBe('カード（ID 987654）がカードマスタにありません');
    const zero = await t.op.post('/admin/packs', {
      ...draftBody(c, [t.image]),
      lineup: [{ card_id: c[0]!.id, rank: 'S', count: 0 }],
      total_tickets: 0,
    });
    expect(zero.state).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses to publish without images, without a start, or with an end already past', async () => {
    const en = await staffClient(t.shop, 'operator', 'en');
    const noImages = await draft(en, { images: [] });
    const before = await counts();
    const res = await en.post(`/admin/packs/${noImages.id}/publish`);
    expect(res.state).toBe(400);
    expect(res.errors?.images?.[0]).toBe('Add at least one pack image');
    const noStart = await draft(en, { start_date: '' });
    const res2 = await en.post(`/admin/packs/${noStart.id}/publish`);
    expect(res2.errors?.start_date?.[0]).toBe('Enter the sale start');
    const past = await draft(en, { start_date: '2020-01-01 00:00', end_date: '2020-01-02 00:00' });
    const res3 = await en.post(`/admin/packs/${past.id}/publish`);
    expect(res3.errors?.end_date?.[0]).toBe('The sale end has already passed');
    const after = await counts();
    expect([after.packs, after.tickets]).toEqual([before.packs, before.tickets]);
    // Refused publications write no audit row (the two drafts created meanwhile do).
    expect(after.audit).toBe(before.audit + 2);
  });
});

describe('publish → on sale → close', () => {
  it('publishes: tickets, commitment, the storefront sells it; the lineup is frozen, texts are not', async () => {
    const d = await draft(t.op);
    expect(d.status).toBe('draft');
    const pub = await t.op.post(`/admin/packs/${d.id}/publish`);
    expect(pub.state, JSON.stringify(pub)).toBe(200);
    const pack = pub.pack as Pack;
    expect(pack.status).toBe('on_sale');
    expect(pack.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(pack.revealed_seed).toBeNull();
    const packId = pack.pack_id!;

    const shop = await t.shop.client().get(`/user/pack/detail/${packId}`);
    expect(shop.state).toBe(200);
    expect(JSON.stringify(shop)).toContain(pack.seed_hash!);
    expect(JSON.stringify(shop)).not.toContain('revealed_seed":"');

    // Publishing twice is refused.
    expect((await t.op.post(`/admin/packs/${d.id}/publish`)).state).toBe(409);

    // Lineup, counts and price are frozen; the server says which.
    const body = draftBody(t.cards, [t.image]);
    const changed = await t.op.post(`/admin/packs/${d.id}`, {
      ...body,
      lineup: body.lineup.map((e, i) => (i === 3 ? { ...e, count: 13 } : e)),
      total_tickets: 19,
    });
    expect(changed.state).toBe(409);
    expect(changed.errors?.lineup?.[0]).toBe('公開後のパックはラインナップ・口数・価格を変更できません（lineup）');
    const price = await t.op.post(`/admin/packs/${d.id}`, { ...body, point: 500 });
    expect(price.state).toBe(409);
    const rows = await t.shop.ctx.db.pool.query('SELECT point, total_tickets FROM packs WHERE id = $1', [packId]);
    expect(rows.rows[0]).toEqual({ point: 300, total_tickets: 20 });
    // The database refuses it too, whoever asks: counts, ranks, the seed and its commitment are records.
    const db = t.shop.ctx.db.pool;
    await expect(
      db.query('UPDATE pack_cards SET set_count = set_count + 1 WHERE pack_id = $1', [packId]),
    ).rejects.toThrow(/records/);
    await expect(db.query("UPDATE pack_cards SET rank = 'S' WHERE pack_id = $1", [packId])).rejects.toThrow(/records/);
    await expect(db.query("UPDATE packs SET seed_hash = 'x' WHERE id = $1", [packId])).rejects.toThrow(/records/);

    const texts = await t.op.post(`/admin/packs/${d.id}`, { ...body, name_ja: '新しい名前', detail_en: 'New words' });
    expect(texts.state, JSON.stringify(texts)).toBe(200);
    const shown = await t.shop.client().get(`/user/pack/detail/${packId}`);
    expect(JSON.stringify(shown)).toContain('新しい名前');

    // A member buys: live figures follow.
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    const bought = await drawVia(m.client, packId, 10);
    expect(bought.buy?.state).toBe(200);
    const live = (await t.op.get(`/admin/packs/${d.id}`)).pack as Pack;
    expect(live.figures!.sold).toBe(10);
    expect(live.figures!.remaining).toBe(10);
    expect(Object.values(live.figures!.remaining_by_rank).reduce((a, b) => a + b, 0)).toBe(10);
    expect(live.figures!.revenue).toBe(3000);
    expect(live.figures!.buyers).toBe(1);

    // Close: the sale ends, the seed is revealed and the whole sequence verifies against the commitment.
    const closed = await t.op.post(`/admin/packs/${d.id}/close`);
    expect(closed.state).toBe(200);
    expect((closed.pack as Pack).status).toBe('closed');
    expect((closed.pack as Pack).revealed_seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await drawVia(m.client, packId, 1)).check.state).not.toBe(200);
    const verify = await runVerify(packId, { url: t.shop.baseUrl });
    expect(verify.lines.at(-1)).toContain('VERIFIED');
    expect((await t.op.post(`/admin/packs/${d.id}/close`)).state).toBe(409);
  });

  it('a scheduled end keeps the seed secret until it passes', async () => {
    const d = await draft(t.op, { end_date: '2099-01-01 00:00' });
    const pub = await t.op.post(`/admin/packs/${d.id}/publish`);
    const packId = (pub.pack as Pack).pack_id!;
    await t.shop.client().get('/user/pack/list/1');
    await t.shop.client().get(`/user/pack/detail/${packId}`);
    const { rows } = await t.shop.ctx.db.pool.query('SELECT revealed_at FROM packs WHERE id = $1', [packId]);
    expect(rows[0].revealed_at).toBeNull();
  });

  it('clones a published pack into a new draft with the same lineup and no schedule', async () => {
    const d = await draft(t.op);
    await t.op.post(`/admin/packs/${d.id}/publish`);
    const res = await t.op.post(`/admin/packs/${d.id}/clone`);
    expect(res.state).toBe(200);
    const clone = res.pack as Pack & { start_date: string | null };
    expect(clone.status).toBe('draft');
    expect(clone.id).not.toBe(d.id);
    expect(clone.name_ja).toContain('（コピー）');
    expect(clone.start_date).toBeNull();
    expect(clone.lineup.map((e) => [e.card_id, e.rank, e.count])).toEqual(
      d.lineup.map((e) => [e.card_id, e.rank, e.count]),
    );
  });

  it('publishing from the console builds exactly the tickets the seed path builds from the same seed', async () => {
    const seedHex = randomBytes(32).toString('hex');
    const d = await draft(t.op);
    const { rows: staff } = await t.shop.ctx.db.pool.query('SELECT id, role FROM staff WHERE role = $1 LIMIT 1', [
      'operator',
    ]);
    const viaConsole = await publishDraft(t.shop.ctx, { ...staff[0], id: Number(staff[0].id) }, d.id, seedHex);
    const viaSeed = await withTransaction(t.shop.ctx.db, async (tx) =>
      publishPack(tx, {
        cardType: 1,
        nameJa: 'シード経路',
        nameEn: 'Seed path',
        point: 300,
        startDate: new Date(),
        cards: await lineupCards(tx, d.lineup),
        seedHex,
      }),
    );
    const tickets = async (packId: number) =>
      (
        await t.shop.ctx.db.pool.query(
          `SELECT c.card_id FROM tickets k JOIN pack_cards c ON c.id = k.pack_card_id WHERE k.pack_id = $1
           ORDER BY k.ticket_no`,
          [packId],
        )
      ).rows.map((r) => Number(r.card_id));
    const a = await tickets(viaConsole);
    expect(a).toHaveLength(20);
    expect(a).toEqual(await tickets(viaSeed));
    // And the seed path lists in the console too, as a published pack.
    const list = await t.op.get('/admin/packs?status=on_sale&q=' + encodeURIComponent('シード経路'));
    expect((list.rows as Pack[]).map((p) => p.pack_id)).toEqual([viaSeed]);
    // Sorted on the server: by tickets sold, most first (the pack a member bought from leads).
    const bySold = (await t.op.get('/admin/packs?sort=sold&dir=desc&per_page=1')).rows as (Pack & { sold: number })[];
    expect(bySold[0]!.sold).toBe(10);
    expect((await t.op.get('/admin/packs?sort=name')).state).toBe(400);
  });
});

describe('permissions', () => {
  it('shipping and support cannot see or write packs; no audit row for a refusal', async () => {
    const d = await draft(t.op);
    for (const role of ['shipping', 'support'] as const) {
      const c = await staffClient(t.shop, role);
      const before = await counts();
      expect((await c.get('/admin/packs')).state).toBe(403);
      expect((await c.post(`/admin/packs/${d.id}/publish`)).state).toBe(403);
      expect((await c.post('/admin/packs', draftBody(t.cards, [t.image]))).state).toBe(403);
      const after = await counts();
      expect(after).toEqual(before);
    }
  });
});
