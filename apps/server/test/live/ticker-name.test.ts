import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '@oripa/core';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

// My Page's ticker name setting (issue 22 §3, ADR 0059): anonymous until the member chooses their initial; the
// ticker reads the setting when it reads hits; bad input is refused in the caller's language and changes nothing.

let shop: TestShop;
let member: TestMember;
beforeAll(async () => {
  shop = await startTestShop();
  member = await buildMember(shop, { paidPoints: 100_000 });
});
afterAll(() => shop?.close());

const setting = async (m: TestMember) =>
  (await shop.ctx.db.pool.query<{ t: string }>('SELECT ticker_name AS t FROM members WHERE id = $1', [m.id])).rows[0]!
    .t;

describe('the ticker name setting', () => {
  it('is anonymous by default, says what the initial would be, and saves a choice', async () => {
    // The factory's member is 試験 太郎: the ticker would show 試*** with the initial, never more.
    expect(await member.client.get('/user/ticker_name')).toMatchObject({
      state: 200,
      ticker_name: 'anonymous',
      initial: '試***',
    });
    const saved = await member.client.post('/user/ticker_name', { ticker_name: 'initial' });
    expect(saved).toMatchObject({ state: 200, ticker_name: 'initial', initial: '試***' });
    expect(await setting(member)).toBe('initial');
    expect((await member.client.get('/user/ticker_name')).ticker_name).toBe('initial');
    expect((await member.client.post('/user/ticker_name', { ticker_name: 'anonymous' })).ticker_name).toBe('anonymous');
    expect(await setting(member)).toBe('anonymous');
  });

  it('decides what the live ticker shows of each member’s hits', async () => {
    const quiet = await buildMember(shop, { paidPoints: 100_000 });
    const named = await buildMember(shop, { paidPoints: 100_000 });
    expect((await named.client.post('/user/ticker_name', { ticker_name: 'initial' })).state).toBe(200);
    const quietPack = await buildPack(shop); // 1 S and 2 A among 20 tickets
    const namedPack = await buildPack(shop);
    expect((await drawVia(quiet.client, quietPack, 'all')).buy?.state).toBe(200);
    expect((await drawVia(named.client, namedPack, 'all')).buy?.state).toBe(200);
    // The polling fallback reuses its snapshot for a second; the hub reads new hits at the next notice.
    let hits: LiveSnapshot['hits'] = [];
    for (let i = 0; i < 20 && hits.filter((h) => [quietPack, namedPack].includes(h.pack)).length < 6; i++) {
      await new Promise((r) => setTimeout(r, 600));
      hits = ((await shop.client('en').get('/user/pack/live')) as unknown as LiveSnapshot).hits;
    }
    const whoOf = (pack: number) => hits.filter((h) => h.pack === pack).map((h) => h.who);
    expect(whoOf(quietPack)).toEqual([null, null, null]);
    expect(whoOf(namedPack)).toEqual(['試***', '試***', '試***']);
  });

  it('refuses bad input in the caller’s language and changes nothing', async () => {
    const en = shop.client('en');
    en.setCookie('sid', member.client.cookie('sid')!);
    const before = await setting(member);
    for (const body of [{ ticker_name: 'full_name' }, { ticker_name: '' }, { ticker_name: 1 }, {}, { other: 'x' }]) {
      const ja = await member.client.post('/user/ticker_name', body);
      expect(ja.state, JSON.stringify(body)).toBe(400);
      expect(ja.errors?.ticker_name?.[0]).toBe('当たりの速報での表示は「匿名」か「姓の頭文字」から選んでください');
      const r = await en.post('/user/ticker_name', body);
      expect(r.state).toBe(400);
      expect(r.errors?.ticker_name?.[0]).toBe(
        'Choose how the live hit ticker shows you: anonymous or your family name initial',
      );
    }
    expect(await setting(member)).toBe(before);
    // A guest has no setting to change.
    const guest = await shop.client('en').post('/user/ticker_name', { ticker_name: 'initial' });
    expect(guest.state).toBe(401);
  });
});
