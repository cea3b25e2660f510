import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestShop, useShop } from '../test-shop.ts';
import { createCardWithImage, draftBody, pngBytes, upload } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

/**
 * The pack editor's card picker (issue 21 item 6): GET /api/admin/cards pages through the master by game, set,
 * rarity and name or model number; the pack detail and the publish step carry the lineup's economics.
 */

// 60 plain cards: games 7 and 8 alternate, rarity id % 4, sets PK01 (ids 1-30) and PK02 (31-60).
const t = useShop(async () => {
  const shop = await startTestShop({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'oripa-card-search-')) });
  await shop.ctx.db.pool.query(
    `INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point)
     SELECT 7 + i % 2, '星の竜' || i, 'Star dragon ' || i, i % 4,
       CASE WHEN i <= 30 THEN 'PK01-' ELSE 'PK02-' END || lpad(i::text, 3, '0'), i * 100
     FROM generate_series(1, 60) i`,
  );
  // Names holding the characters a LIKE pattern or an HTML page would read specially.
  await shop.ctx.db.pool.query(
    `INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point) VALUES
       (9, '100%の竜', '100% dragon', 0, 'ZZ_1', 10), (9, '<b>竜</b>', '<b>dragon</b>', 0, 'ZZ-2', 10)`,
  );
  return { shop, op: await staffClient(shop, 'operator'), en: await staffClient(shop, 'operator', 'en') };
});

interface Page {
  state: number;
  rows: { id: number; card_type: number; rarity: number; model_number: string; name_ja: string; name_en: string }[];
  total: number;
  errors?: Record<string, string[]>;
}
const get = async (query: string, client = t.op) => (await client.get(`/admin/cards?${query}`)) as unknown as Page;
const cardCount = async () => Number((await t.shop.ctx.db.pool.query('SELECT count(*) AS n FROM cards')).rows[0].n);

describe('card search for the pack editor (GET /api/admin/cards)', () => {
  it('pages through every match once, in order, with the same total on each page', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await get(`card_type=7&per_page=9&page=${page}&sort=id&dir=asc`);
      expect(p.state).toBe(200);
      expect(p.total).toBe(30);
      seen.push(...p.rows.map((r) => r.id));
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('filters by game, rarity, set and text (Japanese, English, model number) together', async () => {
    const p = await get('card_type=8&rarity=3&set=PK01&per_page=200');
    // Game 8 = odd ids, rarity 3 = id % 4 = 3, set PK01 = ids 1-30: 3, 7, 11, …, 27.
    expect(p.rows.map((r) => r.model_number).sort()).toEqual(
      [3, 7, 11, 15, 19, 23, 27].map((i) => `PK01-${String(i).padStart(3, '0')}`),
    );
    expect(p.total).toBe(7);
    for (const r of p.rows) expect([r.card_type, r.rarity]).toEqual([8, 3]);
    expect((await get('q=星の竜4')).total).toBe(11); // 4, 40-49
    expect((await get('q=dragon 5')).total).toBe(11); // 5, 50-59
    expect((await get('q=pk02-06')).rows.map((r) => r.name_ja)).toEqual(['星の竜60']);
    expect((await get('set=PK02&rarity=0')).total).toBe(8); // 32, 36, …, 60
    expect((await get('rarity=&card_type=&set=')).total).toBe(62);
  });

  it('answers an empty page past the end, still with the total, and refuses page numbers past the limit', async () => {
    const far = await get('per_page=200&page=100000');
    expect(far.state).toBe(200);
    expect(far.rows).toEqual([]);
    expect(far.total).toBe(62);
    for (const bad of ['page=100001', 'page=1e99', 'page=-1', 'page=0', 'page=abc', 'per_page=201', 'per_page=0']) {
      const ja = await get(bad);
      expect(ja.state, bad).toBe(400);
      expect(
        Object.values(ja.errors ?? {})
          .flat()
          .join(),
        bad,
      ).toMatch(/[ぁ-んァ-ン一-龯]/);
      const en = await get(bad, t.en);
      expect(en.state, bad).toBe(400);
      expect(
        Object.values(en.errors ?? {})
          .flat()
          .join(),
        bad,
      ).toMatch(/[a-z]/i);
    }
    for (const bad of [
      'rarity=4',
      'rarity=-1',
      'rarity=S',
      'card_type=0',
      `set=${'x'.repeat(41)}`,
      `q=${'竜'.repeat(101)}`,
    ]) {
      expect((await get(bad)).state, bad).toBe(400);
    }
  });

  it('takes SQL and HTML in the text as plain text: no match widened, nothing changed', async () => {
    const before = await cardCount();
    for (const q of ["' OR 1=1 --", "'; DELETE FROM cards; --", '%', '_', '\\', '<script>alert(1)</script>']) {
      const p = await get(`q=${encodeURIComponent(q)}`);
      expect(p.state, q).toBe(200);
      expect(p.total, q).toBe(q === '%' || q === '_' ? 1 : 0);
    }
    expect((await get(`q=${encodeURIComponent('%')}`)).rows.map((r) => r.name_en)).toEqual(['100% dragon']);
    expect((await get(`q=${encodeURIComponent('_')}`)).rows.map((r) => r.model_number)).toEqual(['ZZ_1']);
    expect((await get(`set=${encodeURIComponent('ZZ_')}`)).rows.map((r) => r.model_number)).toEqual(['ZZ_1']);
    // HTML is data: answered as typed, in JSON, for the console to show as text.
    expect((await get(`q=${encodeURIComponent('<b>')}`)).rows.map((r) => r.name_ja)).toEqual(['<b>竜</b>']);
    expect(await cardCount()).toBe(before);
  });

  it('is the catalogue role’s: a support member is refused', async () => {
    const support = await staffClient(t.shop, 'support');
    expect((await get('q=竜', support)).state).toBe(403);
  });
});

describe('pack economics in the draft and the publish step', () => {
  it('gives the lineup’s figures with the configured band, and keeps them in the publish audit', async () => {
    const cards = [];
    for (let i = 0; i < 4; i++)
      cards.push(await createCardWithImage(t.op, { buy_point: [3_000, 600, 200, 50][i] }, 40 + i));
    const prize = await createCardWithImage(t.op, { buy_point: 5_000 }, 44);
    const image = ((await upload(t.op, await pngBytes(1200, 600, 9))).media as { url: string }).url;
    // 20 tickets at 300: S 1 × 3,000, A 2 × 600, B 3 × 200, C 14 × 50 → 5,500; EV 275, 91.7 %.
    const saved = await t.op.post('/admin/packs', draftBody(cards, [image], { last_one_card_id: prize.id }));
    expect(saved.state, JSON.stringify(saved)).toBe(200);
    const pack = saved.pack as { id: number; economics: Record<string, unknown> };
    expect(pack.economics).toMatchObject({
      tickets: 20,
      lineupValue: 5_500,
      evPerDraw: 275,
      returnRateBp: 9_167,
      takings: 6_000,
      margin: 6_000 - 5_500 - 5_000,
      lastOneValue: 5_000,
      lastOneShareBp: 4_762,
      band: { minBp: 6_000, maxBp: 10_000 },
      warning: null,
    });
    const band = await t.op.get('/admin/packs/economics-band');
    expect(band.band).toEqual({ minBp: 6_000, maxBp: 10_000 });

    // A price that returns too little is warned of, not refused: the publication goes through.
    const cheap = await t.op.post(`/admin/packs/${pack.id}`, draftBody(cards, [image], { point: 1_000 }));
    expect((cheap.pack as { economics: { warning: string; returnRateBp: number } }).economics).toMatchObject({
      warning: 'returnRateLow',
      returnRateBp: 2_750,
    });
    const owner = await staffClient(t.shop, 'owner');
    const published = await owner.post(`/admin/packs/${pack.id}/publish`);
    expect(published.state, JSON.stringify(published)).toBe(200);
    const audit = await t.shop.ctx.db.pool.query(
      `SELECT after FROM audit_log WHERE action = 'pack.publish' AND target_id = $1`,
      [String(pack.id)],
    );
    expect(audit.rows[0].after.economics).toEqual({
      ev_per_draw: 275,
      return_rate_bp: 2_750,
      margin: 20_000 - 5_500,
      warning: 'returnRateLow',
    });
  });
});
