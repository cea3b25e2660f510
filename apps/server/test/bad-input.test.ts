import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { walk } from './bad-input/attempts.ts';
import { fingerprintQuery } from './bad-input/db-fingerprint.ts';
import { discoverPostRoutes, type Discovery } from './bad-input/route-discovery.ts';
import { buildMember, type TestMember } from './factories.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

/**
 * Issue 2 "Bad input": every POST route under /api (found at test time, see bad-input/route-discovery.ts) gets
 * garbage (bad-input/attempts.ts) as a guest and as a member. Each reply must be an envelope with a 4xx state
 * (never 200, never 5xx), a non-empty `errors` whose messages are in the caller's language, and the database must
 * not change. The console's /api/admin routes have their own walk (bad-input-admin.test.ts).
 */

let shop: TestShop;
let discovery: Discovery;
let member: TestMember;
let fpQuery: string;
const clients: Record<'guest' | 'member', Record<'ja' | 'en', ApiClient>> = {} as never;

beforeAll(async () => {
  shop = await startTestShop();
  discovery = await discoverPostRoutes(shop.ctx);
  member = await buildMember(shop, { paidPoints: 1000, freePoints: 100, coins: 10 });
  const memberEn = shop.client('en');
  memberEn.setCookie('sid', member.client.cookie('sid')!);
  clients.guest = { ja: shop.client('ja'), en: shop.client('en') };
  clients.member = { ja: member.client, en: memberEn };
  for (const kind of ['guest', 'member'] as const)
    for (const c of Object.values(clients[kind])) await c.get('/user/point');
  fpQuery = await fingerprintQuery(shop);
});
afterAll(async () => {
  await discovery?.close();
  await shop?.close();
});

async function attackAll(kind: 'guest' | 'member') {
  const sid = kind === 'member' ? member.client.cookie('sid')! : null;
  // Probing `{}` (a harmless request) as a member first tells which fields even a login-only route reads, so the
  // guest pass throws field garbage at those routes too; the caller's own probe says whether it needs any input.
  const memberSid = member.client.cookie('sid')!;
  for (const route of discovery.routes) await discovery.probe(route, memberSid);
  return walk(shop, fpQuery, discovery, discovery.routes, {
    kind,
    clients: clients[kind],
    other: kind === 'guest' ? clients.member.ja : clients.guest.ja,
    probe: (route) => discovery.probe(route, sid),
  });
}

describe('bad input at every POST route', () => {
  it('finds the routes and the fields they read', async () => {
    const urls = discovery.routes.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/user/login', '/api/user/append', '/api/user/append_address']));
    await discovery.probe(
      discovery.routes.find((r) => r.url === '/api/user/login')!,
      null,
    );
    expect(discovery.fieldsRead('/api/user/login')).toEqual(['mail', 'pass', 'save_cookie']);
  });

  it('refuses everything thrown at it as a guest and changes nothing', { timeout: 600_000 }, async () => {
    const { failures, total } = await attackAll('guest');
    expect(total).toBeGreaterThan(discovery.routes.length * 20);
    expect(failures).toEqual([]);
  });

  it('refuses everything thrown at it as a member and changes nothing', { timeout: 600_000 }, async () => {
    const { failures, total } = await attackAll('member');
    expect(total).toBeGreaterThan(discovery.routes.length * 20);
    expect(failures).toEqual([]);
    // The member stayed logged in throughout, so these really were member requests.
    expect((await member.client.get('/user/point')).is_login).toBe('1');
  });
});
