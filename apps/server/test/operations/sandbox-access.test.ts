import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIntent } from '../../src/db/queries/sandbox-payments.ts';
import { SANDBOX_SECRET_HEADER } from '../../src/sandbox/access.ts';
import { cardToken } from '../payments/helpers.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Issue 12 A4: with NODE_ENV=production SANDBOX=1 (a staging shop) anyone could make a member with 10,000,000
 * points, read every mail in the outbox, switch maintenance and approve any open payment. The tools now need
 * SANDBOX_SECRET; the pages a member's own payment sends the browser to keep working without it.
 */
const SECRET = 's'.repeat(40);
let staging: TestShop;
let dev: TestShop;
beforeAll(async () => {
  staging = await startTestShop({
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    SANDBOX: '1',
    SANDBOX_SECRET: SECRET,
    PAYMENT_CALLBACK_SECRET: 'y'.repeat(40),
  });
  dev = await startTestShop();
});
afterAll(async () => {
  await staging?.close();
  await dev?.close();
});

const call = (shop: TestShop, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  fetch(`${shop.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('a staging shop (production, SANDBOX=1)', () => {
  it('refuses the sandbox tools without the secret', async () => {
    const attempts = [
      call(staging, 'POST', '/sandbox/members', {}, { paidPoints: 10_000_000 }),
      call(staging, 'GET', '/sandbox/outbox'),
      call(staging, 'POST', '/sandbox/maintenance', {}, { on: true }),
      call(staging, 'GET', '/sandbox/pay'),
      call(staging, 'GET', '/sandbox/outbox', { [SANDBOX_SECRET_HEADER]: 'wrong'.repeat(8) }),
      call(staging, 'GET', '/sandbox/outbox', { cookie: `sandbox_access=${'A'.repeat(43)}` }),
      call(staging, 'GET', `/sandbox/login?secret=${'t'.repeat(40)}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(401);
    const { rows } = await staging.ctx.db.pool.query(
      "SELECT count(*)::int AS n FROM members WHERE mail LIKE 'sandbox.%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('serves them with the secret in a header, or with the cookie /sandbox/login sets', async () => {
    const made = await call(staging, 'POST', '/sandbox/members', { [SANDBOX_SECRET_HEADER]: SECRET }, { coins: 5 });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { mail: string }).mail).toMatch(/^sandbox\./);

    const login = await call(staging, 'GET', `/sandbox/login?secret=${SECRET}`);
    expect(login.status).toBe(303);
    const cookie = login.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\/sandbox/);
    expect(cookie).not.toContain(SECRET);
    const outbox = await call(staging, 'GET', '/sandbox/outbox', { cookie: cookie.split(';')[0]! });
    expect(outbox.status).toBe(200);
  });

  it("keeps the member-facing pages open: card tokens and a payment's own page", async () => {
    expect((await cardToken(staging)).token).toMatch(/^tok_/);
    const id = `si_${randomBytes(12).toString('base64url')}`;
    await insertIntent(staging.ctx.db.pool, {
      id,
      kind: 'bank',
      amount: 1000,
      status: 'pending',
      merchant_ref: 'pay_sandbox_access',
      detail: { number: '1234567', holder: 'ヤマダ' },
      return_url: '',
      expires_at: null,
    });
    const page = await call(staging, 'GET', `/sandbox/pay/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('1234567');
  });
});

describe('a development shop', () => {
  it('keeps the sandbox open as before', async () => {
    expect((await call(dev, 'GET', '/sandbox/outbox')).status).toBe(200);
    expect((await call(dev, 'GET', '/sandbox/login?secret=x')).status).toBe(404);
  });
});
