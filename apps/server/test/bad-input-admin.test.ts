import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { walk } from './bad-input/attempts.ts';
import { fingerprintQuery } from './bad-input/db-fingerprint.ts';
import { discoverPostRoutes, type Discovery, type PostRoute } from './bad-input/route-discovery.ts';
import { createCardWithImage, draftBody, pngBytes, upload, type CardReply } from './admin/catalogue-fixtures.ts';
import { createStaff, staffClient, type StaffClient } from './admin/staff-fixtures.ts';
import { buildMember } from './factories.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

/**
 * Issue 10 "Bad input everywhere", for the console: every POST route under /api/admin (found at test time like the
 * storefront's, bad-input/route-discovery.ts with area 'admin') gets the same garbage (bad-input/attempts.ts) from an
 * owner with the second factor done, who may do everything, so no refusal below is the permission check's. Each
 * reply must be a 4xx envelope with errors in the caller's language (ja and en), and the database must not change:
 * no audit row for a refused action, no staff, pack, card, shipment or balance touched.
 */

let shop: TestShop;
let discovery: Discovery;
let owner: StaffClient;
let ownerEn: ApiClient;
let fpQuery: string;

/** The audit log's row count in a fingerprint (db-fingerprint.ts counts every table's rows). */
const auditRows = (fp: string) => (JSON.parse(fp) as { audit_log: number }).audit_log;

beforeAll(async () => {
  shop = await startTestShop();
  discovery = await discoverPostRoutes(shop.ctx, 'admin');
  owner = await staffClient(shop, 'owner', 'ja');
  // The same sessions (shop and staff) read in English: the language is the caller's cookie, nothing else.
  ownerEn = shop.client('en');
  ownerEn.setCookie('sid', owner.cookie('sid')!);
  ownerEn.setCookie('staff_sid', owner.cookie('staff_sid')!);
  await owner.get('/admin/session');
  await ownerEn.get('/admin/session');
  fpQuery = await fingerprintQuery(shop);
});
afterAll(async () => {
  await discovery?.close();
  await shop?.close();
});

describe('bad input at every console POST route', () => {
  it('finds the console routes and the fields they read', async () => {
    const urls = discovery.routes.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/admin/packs', '/api/admin/members/:id/adjust', '/api/admin/shipments/tracking']),
    );
    expect(discovery.routes.every((r) => r.permission)).toBe(true);
  });

  it('refuses everything an owner throws at it, in ja and en, and writes nothing', { timeout: 600_000 }, async () => {
    const guest = shop.client('ja');
    await guest.get('/user/point');
    const staffSid = owner.cookie('staff_sid')!;
    const { failures, total, baseline, final } = await walk(shop, fpQuery, discovery, discovery.routes, {
      kind: 'owner',
      clients: { ja: owner, en: ownerEn },
      other: guest,
      // The sign-in steps are probed as a visitor without a staff session (what they are for): a probe of `{}` at
      // /logout or /totp/setup with the owner's session would end or reset it.
      probe: (route) =>
        discovery.probe(route, owner.cookie('sid')!, route.permission === 'staff.session' ? null : staffSid),
    });
    expect(total).toBeGreaterThan(discovery.routes.length * 20);
    expect(failures).toEqual([]);
    expect(auditRows(baseline)).toEqual(expect.any(Number));
    expect(auditRows(final)).toBe(auditRows(baseline));
    // The owner stayed signed in throughout, so these really were a fully signed-in owner's requests.
    expect((await owner.get('/admin/session')).state).toBe(200);
  });

  it(
    'refuses garbage aimed at real records (member, staff, card, pack, content) and writes nothing',
    { timeout: 600_000 },
    async () => {
      // With an unknown id most routes stop at "not found"; with a real one the garbage meets the route's validation.
      const member = await buildMember(shop, { paidPoints: 1000, freePoints: 100, coins: 10, address: true });
      const operator = await createStaff(shop, 'operator');
      const cards: CardReply[] = [];
      for (const hue of [10, 20, 30, 40]) cards.push(await createCardWithImage(owner, {}, hue));
      const image = ((await upload(owner, await pngBytes(800, 600, 50))).media as { url: string }).url;
      const draft = async () => {
        const made = await owner.post('/admin/packs', draftBody(cards, [image]));
        expect(made.state, JSON.stringify(made)).toBe(200);
        return String((made.pack as { id: number }).id);
      };
      // The publish and close routes get a draft of their own: a probe of `{}` may really publish or close it.
      const [pack, packToPublish] = [await draft(), await draft()];
      // One content row of each kind, made the way the console makes them.
      const content: [string, Record<string, unknown>][] = [
        ['banners', { file_name: '/demo/packs/ds-azure-1.svg', starts_at: '2020-01-01 00:00' }],
        // A second banner for the delete route, whose probe of `{}` deletes it.
        ['banners', { file_name: '/demo/packs/ds-azure-2.svg', starts_at: '2020-01-01 00:00' }],
        ['posts', { title: 'お知らせ', last_name: '運営', first_name: '事務局', content: '本文' }],
        ['point-courses', { point: 3000, price: 3000 }],
        ['coupons', { code: 'WALK-500', kind: 'points', point: 500, max_uses: 2, per_member_limit: 1 }],
      ];
      for (const [kind, body] of content) {
        const made = await owner.post(`/admin/content/${kind}`, body);
        expect(made.state, `${kind}: ${JSON.stringify(made)}`).toBe(200);
      }
      const firstId = async (table: string, order: 'ASC' | 'DESC' = 'ASC') =>
        (await shop.ctx.db.pool.query<{ id: string }>(`SELECT id::text FROM ${table} ORDER BY id ${order} LIMIT 1`))
          .rows[0]?.id;
      const ids: [RegExp, string | undefined][] = [
        [/^\/api\/admin\/members\//, String(member.id)],
        [/^\/api\/admin\/staff\//, String(operator.id)],
        [/^\/api\/admin\/cards\//, String(cards[0]!.id)],
        [/^\/api\/admin\/packs\/:id\/(publish|close)$/, packToPublish],
        [/^\/api\/admin\/packs\//, pack],
        [/^\/api\/admin\/content\/banners\/:id\/delete$/, await firstId('banners', 'DESC')],
        [/^\/api\/admin\/content\/banners\//, await firstId('banners')],
        [/^\/api\/admin\/content\/posts\//, await firstId('posts')],
        [/^\/api\/admin\/content\/point-courses\//, await firstId('point_courses')],
        [/^\/api\/admin\/content\/coupons\//, await firstId('coupons')],
      ];
      const idFor = (route: PostRoute) => ids.find(([re, id]) => id && re.test(route.url))?.[1];
      const routes = discovery.routes.filter((r) => r.params.length > 0 && idFor(r));
      const guest = shop.client('ja');
      await guest.get('/user/point');
      const staffSid = owner.cookie('staff_sid')!;
      const { failures, total, baseline, final } = await walk(shop, fpQuery, discovery, routes, {
        kind: 'owner at real records',
        clients: { ja: owner, en: ownerEn },
        other: guest,
        idFor,
        probe: (route, id) => discovery.probe(route, owner.cookie('sid')!, staffSid, id),
      });
      console.info(`real records: ${routes.map((r) => r.url).join(' ')}`);
      expect(routes.length).toBeGreaterThanOrEqual(18);
      expect(total).toBeGreaterThan(routes.length * 20);
      expect(failures).toEqual([]);
      expect(auditRows(baseline)).toEqual(expect.any(Number));
      expect(auditRows(final)).toBe(auditRows(baseline));
    },
  );
});
