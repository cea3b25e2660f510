import { DAILY_PRIZE_TABLE, dailyPrizeIndex, dailySeedCommitment, prizeTableDigest, tokyoDay } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api-client.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { pointsOf, ledgerReasons } from './helpers.ts';

const t = useTestShop();
const DAY = 24 * 3600_000;

/** Links the sandbox messaging app the way the page does: follow link_url, hand code and state back. */
async function linkApp(client: ApiClient) {
  const status = await client.get('/user/daily_draw');
  const url = new URL(status.link_url as string);
  expect(url.pathname).toBe('/daily-draw');
  return client.post('/user/daily_draw/link', {
    code: url.searchParams.get('code'),
    state: url.searchParams.get('state'),
  });
}

describe('daily draw of the messaging-app promotion', () => {
  it('needs a linked app, draws once per Tokyo day from the committed seed, and grants the prize in the ledger', async () => {
    const m = await buildMember(t.shop);
    const refused = await m.client.post('/user/daily_draw/draw', {});
    expect(refused).toMatchObject({ state: 403, reason: 'messaging_not_linked' });
    expect(refused.errors?.general?.[0]).toBe('デイリー抽選にはLINE連携が必要です');

    expect(await linkApp(m.client)).toMatchObject({ state: 200, linked: '1' });
    const before = await m.client.get('/user/daily_draw');
    expect(before).toMatchObject({ linked: '1', drawn_today: '0', table_digest: prizeTableDigest(DAILY_PRIZE_TABLE) });

    const drawn = await m.client.post('/user/daily_draw/draw', {});
    expect(drawn.state).toBe(200);
    const second = await m.client.post('/user/daily_draw/draw', {});
    expect(second).toMatchObject({ state: 409, reason: 'already_drawn' });
    expect(second.errors?.general?.[0]).toBe('本日の抽選は終了しました。明日またご参加ください');

    // Anyone can recompute it once the seed is revealed: the seed matches the commitment published before.
    const day = tokyoDay(t.shop.clock.now());
    const { rows } = await t.shop.ctx.db.pool.query('SELECT seed FROM daily_draw_seeds WHERE draw_day = $1', [day]);
    expect(dailySeedCommitment(rows[0].seed)).toBe(before.commitment);
    expect(drawn.prize_index).toBe(dailyPrizeIndex(rows[0].seed, m.id, DAILY_PRIZE_TABLE));
    expect(await pointsOf(t.shop, m.id)).toBe(drawn.point);
    expect(await ledgerReasons(t.shop, m.id)).toEqual((drawn.point as number) > 0 ? ['daily_draw'] : []);

    // The next Tokyo day: a new draw, and yesterday's seed is now published.
    t.shop.clock.advance(DAY);
    try {
      const next = await m.client.get('/user/daily_draw');
      expect(next.drawn_today).toBe('0');
      expect(next.revealed).toContainEqual(expect.objectContaining({ day, seed: rows[0].seed }));
      expect((await m.client.post('/user/daily_draw/draw', {})).state).toBe(200);
    } finally {
      t.shop.clock.advance(-DAY);
    }
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('two parallel draws the same day (two instances) grant once', async () => {
    const m = await buildMember(t.shop);
    await linkApp(m.client);
    const other = await t.shop.startInstance();
    try {
      const c2 = other.client();
      c2.setCookie('sid', m.client.cookie('sid')!);
      const replies = await Promise.all([
        m.client.post('/user/daily_draw/draw', {}),
        c2.post('/user/daily_draw/draw', {}),
        m.client.post('/user/daily_draw/draw', {}),
      ]);
      expect(replies.map((r) => r.state).sort()).toEqual([200, 409, 409]);
      const { rows } = await t.shop.ctx.db.pool.query(
        'SELECT count(*)::int AS n FROM daily_draws WHERE member_id = $1',
        [m.id],
      );
      expect(rows[0].n).toBe(1);
      const won = replies.find((r) => r.state === 200)!.point as number;
      expect(await pointsOf(t.shop, m.id)).toBe(won);
    } finally {
      await other.close();
    }
  });

  it('refuses a forged or foreign link state and an app account linked to someone else', async () => {
    const a = await buildMember(t.shop);
    const b = await buildMember(t.shop, { lang: 'en' });
    const status = await a.client.get('/user/daily_draw');
    const url = new URL(status.link_url as string);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state')!;
    const stolen = await b.client.post('/user/daily_draw/link', { code, state });
    expect(stolen).toMatchObject({ state: 400, reason: 'messaging_link_failed' });
    expect(stolen.errors?.code?.[0]).toBe('Linking LINE failed. Please try again');
    const flipped = `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`;
    expect((await a.client.post('/user/daily_draw/link', { code, state: flipped })).state).toBe(400);
    expect((await a.client.post('/user/daily_draw/link', { code, state })).state).toBe(200);
    // The same app account (same code → same app user) for another member.
    const bState = new URL((await b.client.get('/user/daily_draw')).link_url as string).searchParams.get('state');
    const taken = await b.client.post('/user/daily_draw/link', { code, state: bState });
    expect(taken).toMatchObject({ state: 400, reason: 'messaging_taken' });
  });

  it('the prize index is a fixed function of seed and member, over the whole table', () => {
    const seen = new Set<number>();
    for (let id = 1; id <= 2000; id++) seen.add(dailyPrizeIndex('ab'.repeat(32), id, DAILY_PRIZE_TABLE));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(dailyPrizeIndex('ab'.repeat(32), 7, DAILY_PRIZE_TABLE)).toBe(
      dailyPrizeIndex('ab'.repeat(32), 7, DAILY_PRIZE_TABLE),
    );
  });
});

describe('social-network follow campaign', () => {
  it('claims once with the code, refuses a wrong or ended code', async () => {
    await t.shop.ctx.db.pool.query(
      `INSERT INTO sns_campaigns (code, point, follow_url) VALUES ('FOLLOW-TEST', 300, 'https://example.com/follow')`,
    );
    await t.shop.ctx.db.pool.query(
      `INSERT INTO sns_campaigns (code, point, follow_url, ends_at) VALUES ('OLD-ONE', 300, 'https://example.com', now() - interval '1 day')`,
    );
    const m = await buildMember(t.shop);
    expect(await m.client.get('/user/sns_campaign')).toMatchObject({ active: '1', point: 300, claimed: '0' });
    const wrong = await m.client.post('/user/sns_campaign/claim', { code: 'NOPE' });
    expect(wrong.errors?.code?.[0]).toBe('キャンペーンコードが正しくありません');
    expect((await m.client.post('/user/sns_campaign/claim', { code: 'old-one' })).reason).toBe('campaign_ended');
    const [a, b] = await Promise.all([
      m.client.post('/user/sns_campaign/claim', { code: 'follow-test' }),
      m.client.post('/user/sns_campaign/claim', { code: 'FOLLOW-TEST' }),
    ]);
    expect([a.state, b.state].sort()).toEqual([200, 400]);
    expect(await pointsOf(t.shop, m.id)).toBe(300);
    expect(await m.client.get('/user/sns_campaign')).toMatchObject({ claimed: '1' });
    expect(await ledgerReasons(t.shop, m.id)).toEqual(['sns_campaign']);
  });
});
