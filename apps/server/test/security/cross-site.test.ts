import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Issue 12 A5: a top-level cross-site POST arrives without the SameSite=Lax session cookie; the reply used to hand
 * out a new guest cookie that replaced the member's, logging them out. Cross-site requests get no session cookie,
 * and state-changing ones are refused outright (403 in the envelope).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => shop?.close());

const form = (csrf: { csrf_name: string; csrf_value: string }, json: unknown) =>
  new URLSearchParams({ ...csrf, json: JSON.stringify(json) }).toString();

describe('cross-site requests', () => {
  it('a cross-site POST without the cookie is refused and sets no cookie', async () => {
    const guest = shop.client('en');
    await guest.get('/user/point');
    const res = await fetch(`${shop.baseUrl}/api/user/logout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        origin: 'https://evil.example',
      },
      body: form(guest.csrf!, {}),
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    const body = (await res.json()) as { state: number; reason?: string; errors?: Record<string, string[]> };
    expect(res.status).toBe(403);
    expect(body.state).toBe(403);
    expect(body.reason).toBe('cross_site');
    expect(body.errors?.general?.[0]).toBeTruthy();
  });

  it('a cross-site GET gets no new session cookie', async () => {
    const res = await fetch(`${shop.baseUrl}/api/user/point`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toEqual([]);
  });

  it('a POST from a foreign Origin is refused even with a valid cookie and token', async () => {
    const m = await buildMember(shop);
    await m.client.get('/user/point');
    const r = await m.client.raw('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: form(m.client.csrf!, { mail: m.mail, pass: m.pass }),
    });
    expect(r.status).toBe(403);
    expect(r.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toEqual([]);
    // The member is still logged in.
    expect((await m.client.get('/user/detail')).state).toBe(200);
  });

  it('same-origin and same-site POSTs still work', async () => {
    const m = await buildMember(shop);
    await m.client.get('/user/point');
    const variants: Record<string, string>[] = [
      { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { origin: shop.baseUrl },
      {},
    ];
    for (const headers of variants) {
      const r = await m.client.raw('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form(m.client.csrf!, { mail: m.mail, pass: m.pass }),
      });
      const body = (await r.json()) as { state: number; csrf: typeof m.client.csrf };
      expect(body.state).toBe(200);
      m.client.csrf = body.csrf;
    }
  });

  it('a link on another site to the logout URL does not log the member out', async () => {
    const m = await buildMember(shop);
    const r = await m.client.raw('/api/user/logout', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(r.status).toBe(403);
    expect(r.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toEqual([]);
    expect((await m.client.get('/user/detail')).state).toBe(200);
    // From the shop's own pages it works.
    const own = await m.client.raw('/api/user/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    expect((await m.client.get('/user/detail')).state).toBe(401);
  });

  it('provider webhooks are not subject to the check (server to server)', async () => {
    const res = await fetch(`${shop.baseUrl}/api/payment/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://pay.example' },
      body: '{}',
    });
    // Refused for its missing signature, not for where it came from.
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});
