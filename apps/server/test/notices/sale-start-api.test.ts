import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEVICES_PER_MEMBER } from '../../src/db/queries/sale-start-notices.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { pushTestEnv, startFakePushService, type FakePushService } from './fake-push-service.ts';

// The HTTP shape of notify-me (issue 22 §4, ADR 0051) and its bad input: each refusal is a 4xx in the caller's
// language and leaves the tables as they were.

const HOUR = 3600_000;
let shop: TestShop;
let push: FakePushService;
let member: TestMember;
let upcoming: number;
let onSale: number;
beforeAll(async () => {
  push = await startFakePushService();
  shop = await startTestShop(pushTestEnv());
  member = await buildMember(shop, { lang: 'en' });
  upcoming = await buildPack(shop, { startDate: new Date(shop.clock.now().getTime() + HOUR), nameEn: 'Comet pack' });
  onSale = await buildPack(shop);
});
afterAll(async () => {
  await shop?.close();
  await push?.close();
});

async function counts() {
  const { rows } = await shop.ctx.db.pool.query<{ r: string; s: string }>(
    `SELECT (SELECT count(*) FROM sale_start_requests) AS r, (SELECT count(*) FROM push_subscriptions) AS s`,
  );
  return rows[0];
}

describe('notify me', () => {
  it('records a request, lists it with the VAPID key, and withdraws it in one tap', async () => {
    expect((await member.client.post('/user/pack/notify', { packId: upcoming })).state).toBe(200);
    expect((await member.client.post('/user/pack/notify', { packId: String(upcoming) })).state).toBe(200);
    const list = await member.client.get('/user/pack/notify');
    expect(list.notices).toEqual([
      { packId: upcoming, name: 'Comet pack', startDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) },
    ]);
    expect(list.vapidPublicKey).toBe(shop.ctx.config.push.publicKey);
    expect((await member.client.post('/user/pack/notify/cancel', { packId: upcoming })).state).toBe(200);
    expect((await member.client.get('/user/pack/notify')).notices).toEqual([]);
    expect((await member.client.post('/user/pack/notify/cancel', { packId: upcoming })).state).toBe(404);
  });

  it('stores this device’s subscription (object or JSON text) and removes it', async () => {
    const sub = push.subscription('ok');
    expect((await member.client.post('/user/push/subscribe', { subscription: JSON.stringify(sub) })).state).toBe(200);
    expect((await member.client.post('/user/push/subscribe', { subscription: sub })).state).toBe(200);
    expect((await counts())!.s).toBe(1);
    expect((await member.client.post('/user/push/unsubscribe', { endpoint: sub.endpoint })).state).toBe(200);
    expect((await counts())!.s).toBe(0);

    // A member keeps at most MAX_DEVICES_PER_MEMBER devices: the oldest go.
    const subs = Array.from({ length: MAX_DEVICES_PER_MEMBER + 3 }, () => push.subscription('ok'));
    for (const s of subs) {
      shop.clock.advance(1000);
      expect((await member.client.post('/user/push/subscribe', { subscription: s })).state).toBe(200);
    }
    const { rows } = await shop.ctx.db.pool.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE member_id = $1',
      [member.id],
    );
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(3)
        .map((s) => s.endpoint)
        .sort(),
    );
    for (const s of subs) await member.client.post('/user/push/unsubscribe', { endpoint: s.endpoint });
  });

  it('refuses bad input with a clear message in the caller’s language and changes nothing', async () => {
    const before = await counts();
    const c = member.client;
    const bad = async (path: string, body: unknown, state: number, field: string, text: RegExp) => {
      const r = await c.post(path, body);
      expect(r.state, `${path} ${JSON.stringify(body)}`).toBe(state);
      expect(r.errors?.[field]?.[0]).toMatch(text);
    };
    await bad('/user/pack/notify', { packId: 999_999_999 }, 404, 'packId', /Pack not found/);
    await bad('/user/pack/notify', { packId: onSale }, 409, 'packId', /already on sale/);
    await bad('/user/pack/notify', { packId: '1; DROP TABLE packs' }, 400, 'packId', /./);
    await bad('/user/pack/notify', { packId: 1e20 }, 400, 'packId', /./);
    const good = push.subscription('ok');
    const invalid = /notification details are not valid/;
    await bad('/user/push/subscribe', { subscription: '{not json' }, 400, 'subscription', invalid);
    await bad(
      '/user/push/subscribe',
      { subscription: { ...good, endpoint: 'http://push.example/x' } },
      400,
      'subscription',
      invalid,
    );
    await bad(
      '/user/push/subscribe',
      { subscription: { ...good, endpoint: 'javascript:alert(1)' } },
      400,
      'subscription',
      invalid,
    );
    await bad(
      '/user/push/subscribe',
      { subscription: { ...good, keys: { p256dh: '<b>', auth: 'x' } } },
      400,
      'subscription',
      invalid,
    );
    await bad('/user/push/unsubscribe', { endpoint: 'x'.repeat(2000) }, 400, 'endpoint', invalid);

    const ja = shop.client('ja');
    ja.setCookie('sid', c.cookie('sid')!);
    const r = await ja.post('/user/pack/notify', { packId: onSale });
    expect(r.errors?.packId?.[0]).toBe('このパックはすでに販売中です');

    const noCsrf = await c.post('/user/pack/notify', { packId: upcoming }, { csrf: false });
    expect(noCsrf.state).toBe(403);
    const guest = await shop.client('en').post('/user/pack/notify', { packId: upcoming });
    expect(guest.state).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
