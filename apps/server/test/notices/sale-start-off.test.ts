import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleStartedContent } from '../../src/mail/sale-started.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { pushTestEnv, startFakePushService, type FakePushService } from './fake-push-service.ts';

// The mailed "stop these notices" link (issue 22 §4): without signing in, its signed key stops every sale-start
// notice still to come for its own member, and nothing else; a second use is calm; a key that is not the shop's
// changes nothing and says why in the caller's language.

const HOUR = 3600_000;
let shop: TestShop;
let push: FakePushService;
let alice: TestMember;
let bob: TestMember;
let packs: number[];
beforeAll(async () => {
  push = await startFakePushService();
  shop = await startTestShop(pushTestEnv());
  alice = await buildMember(shop, { lang: 'ja' });
  bob = await buildMember(shop, { lang: 'en' });
  const start = new Date(shop.clock.now().getTime() + HOUR);
  packs = [await buildPack(shop, { startDate: start }), await buildPack(shop, { startDate: start })];
  for (const packId of packs) expect((await alice.client.post('/user/pack/notify', { packId })).state).toBe(200);
  expect((await bob.client.post('/user/pack/notify', { packId: packs[0] })).state).toBe(200);
  expect((await alice.client.post('/user/push/subscribe', { subscription: push.subscription('ok') })).state).toBe(200);
  expect((await bob.client.post('/user/push/subscribe', { subscription: push.subscription('ok') })).state).toBe(200);
});
afterAll(async () => {
  await shop?.close();
  await push?.close();
});

async function left() {
  const { rows } = await shop.ctx.db.pool.query<{ member_id: string; r: string; s: string }>(
    `SELECT m.id AS member_id,
            (SELECT count(*) FROM sale_start_requests WHERE member_id = m.id AND notified_at IS NULL) AS r,
            (SELECT count(*) FROM push_subscriptions WHERE member_id = m.id) AS s
       FROM members m WHERE m.id = ANY($1::bigint[]) ORDER BY m.id`,
    [[alice.id, bob.id]],
  );
  return Object.fromEntries(rows.map((x) => [Number(x.member_id), { requests: Number(x.r), devices: Number(x.s) }]));
}

/** The key of the link in the sale-start mail the member would get. */
function mailedKey(member: TestMember, lang: 'ja' | 'en') {
  const mail = saleStartedContent(
    shop.ctx,
    { mail: 'x@example.com', lang, lastName: '山田', firstName: '花子' },
    { id: packs[0]!, nameJa: '彗星パック', nameEn: 'Comet pack' },
    member.id,
  );
  const text = JSON.stringify(mail.blocks);
  const m = /\/notices\/off\?key=([\w-]+)/.exec(text);
  expect(m, 'the mail carries the stop link').not.toBeNull();
  expect(text).toContain(
    lang === 'ja' ? '今後の販売開始のお知らせをすべて停止する' : 'To stop every sale-start notice',
  );
  return m![1]!;
}

describe('the stop-notices link', () => {
  it('refuses a key that is not the shop’s (tampered, another member’s id, bad types) and changes nothing', async () => {
    const before = await left();
    const key = mailedKey(alice, 'ja');
    const guest = shop.client('en');
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const otherId = key.replace(/^\d+/, String(bob.id));
    for (const bad of [tampered, otherId, '', 'x'.repeat(5000), 42, null, '1; DROP TABLE members', '<b>1-</b>']) {
      const r = await guest.post('/user/pack/notify/off', { key: bad });
      expect(r.state, JSON.stringify(bad)).toBe(400);
      expect(r.errors?.key?.[0]).toMatch(/link to stop notices is not valid/);
    }
    const ja = await shop.client('ja').post('/user/pack/notify/off', { key: tampered });
    expect(ja.errors?.key?.[0]).toMatch(/お知らせ停止リンクは正しくありません/);
    expect(await left()).toEqual(before);
  });

  it('stops every notice still to come for its own member only, without signing in; a second use is calm', async () => {
    const key = mailedKey(alice, 'en');
    const guest = shop.client('ja');
    const r = await guest.post('/user/pack/notify/off', { key });
    expect(r.state).toBe(200);
    expect([r.requests, r.devices]).toEqual([2, 1]);
    expect(await left()).toEqual({ [alice.id]: { requests: 0, devices: 0 }, [bob.id]: { requests: 1, devices: 1 } });
    const again = await guest.post('/user/pack/notify/off', { key });
    expect([again.state, again.requests, again.devices]).toEqual([200, 0, 0]);
    expect((await alice.client.get('/user/pack/notify')).notices).toEqual([]);
  });
});
