import { can, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@oripa/core/admin';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRouteTable, installStaffGuard } from '../../src/http/admin/staff-guard.ts';
import { shopLookups } from '../../src/routes/shop-lookups.ts';
import { countAudit } from '../../src/db/queries/audit-log.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { createStaff, STAFF_PASSWORD, staffClient, type StaffClient } from './staff-fixtures.ts';

/**
 * Every /api/admin route x every role, read from the running app's route table (so a route added later is walked
 * too): without a staff session 401; after the password but before the second factor 401; a role without the
 * route's permission 403; and no refused call writes an audit row.
 */
let shop: TestShop;
const clients = {} as Record<StaffRole, StaffClient>;
beforeAll(async () => {
  shop = await startTestShop();
  for (const role of STAFF_ROLES) clients[role] = await staffClient(shop, role);
});
afterAll(() => shop.close());

/** A concrete path for a route pattern (ids become 1). */
const pathOf = (url: string) => url.replace(/^\/api/, '').replace(/:(\w+)/g, '1');

async function call(client: StaffClient | ReturnType<TestShop['client']>, method: string, url: string) {
  const path = pathOf(url);
  if (method !== 'GET') return client.post(path, {});
  // A file download (a CSV export) answers its file, not an envelope: its HTTP status is the state.
  const res = await client.raw(`/api${path}`);
  if (!(res.headers.get('content-type') ?? '').includes('json')) return { state: res.status };
  const body = (await res.json()) as { state: number; csrf?: { csrf_name: string; csrf_value: string } };
  if (body.csrf) client.csrf = body.csrf;
  return body;
}

describe('the admin route table', () => {
  it('lists the console routes with a permission each', () => {
    const routes = adminRouteTable(shop.ctx);
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/admin/login');
    for (const r of routes) expect(r.url.startsWith('/api/admin/')).toBe(true);
  });

  it('refuses at start an admin route without a permission', async () => {
    const app = Fastify({ logger: false });
    app.decorate('ctx', shop.ctx);
    const start = async () => {
      await app.register(async (admin) => {
        installStaffGuard(admin, shopLookups.staffSession);
        admin.get('/unguarded', async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/no valid config\.permission/);
    await app.close().catch(() => {});
  });

  it('gives each role exactly its permissions', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    expect(can('shipping', 'fulfilment.write')).toBe(true);
    expect(can('shipping', 'members.read')).toBe(false);
    expect(can('support', 'members.adjust')).toBe(true);
    expect(can('support', 'payments.reconcile')).toBe(false);
    expect(can('operator', 'packs.publish')).toBe(true);
    expect(can('operator', 'staff.manage')).toBe(false);
  });
});

describe('every admin route x every role', () => {
  it('answers 401 without a staff session, 401 before the second factor, 403 without the permission', async () => {
    const routes = adminRouteTable(shop.ctx).filter((r) => r.permission !== 'staff.session');
    expect(routes.length).toBeGreaterThan(3);
    const auditBefore = await countAudit(shop.ctx.db.pool);

    const guest = shop.client();
    const half = shop.client();
    const staff = await createStaff(shop, 'owner');
    expect((await half.post('/admin/login', { mail: staff.mail, pass: STAFF_PASSWORD })).state).toBe(200);

    const failures: string[] = [];
    for (const r of routes) {
      const anon = await call(guest, r.method, r.url);
      if (anon.state !== 401) failures.push(`guest ${r.method} ${r.url}: ${anon.state}`);
      const partial = await call(half, r.method, r.url);
      if (partial.state !== 401) failures.push(`password-only ${r.method} ${r.url}: ${partial.state}`);
      for (const role of STAFF_ROLES) {
        if (can(role, r.permission as never)) continue;
        const res = await call(clients[role], r.method, r.url);
        if (res.state !== 403) failures.push(`${role} ${r.method} ${r.url}: ${res.state}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await countAudit(shop.ctx.db.pool)).toBe(auditBefore);
  });

  it('lets a role with the permission past the guard (no 401 or 403)', async () => {
    const failures: string[] = [];
    for (const r of adminRouteTable(shop.ctx)) {
      if (r.method !== 'GET' || r.permission === 'staff.session') continue;
      for (const role of STAFF_ROLES) {
        if (!can(role, r.permission)) continue;
        const res = await call(clients[role], r.method, r.url);
        if (res.state === 401 || res.state === 403) failures.push(`${role} ${r.method} ${r.url}: ${res.state}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
