import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerViolations } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const postJson = (path: string, body: unknown) =>
  fetch(`${shop.baseUrl}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /sandbox/members', () => {
  it('creates a member who can log in, with balances through the ledger', async () => {
    const res = await postJson('/members', {
      paidPoints: 5000,
      freePoints: 500,
      coins: 30,
      address: true,
      smsVerified: true,
    });
    expect(res.status).toBe(200);
    const m = (await res.json()) as { mail: string; pass: string; id: number };
    const c = shop.client();
    expect((await c.post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
    expect(await c.get('/user/point')).toMatchObject({ id: m.id, point: '5500', coin: '30', end_sms: '1' });
    expect(((await c.get('/user/detail')).detail as { zipcode: string }).zipcode).toBe('1000001');
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('makes a different member each time, without address by default', async () => {
    const a = (await (await postJson('/members', {})).json()) as { mail: string; id: number };
    const b = (await (await postJson('/members', { lang: 'en' })).json()) as { mail: string; id: number };
    expect(a.mail).not.toBe(b.mail);
    const { rows } = await shop.ctx.db.pool.query('SELECT lang, zipcode FROM members WHERE id = $1', [b.id]);
    expect(rows[0]).toEqual({ lang: 'en', zipcode: null });
  });

  it('refuses negative or fractional amounts', async () => {
    expect((await postJson('/members', { paidPoints: -1 })).status).toBe(400);
    expect((await postJson('/members', { coins: 1.5 })).status).toBe(400);
  });
});

describe('POST /sandbox/maintenance', () => {
  it('turns maintenance on and off', async () => {
    expect((await postJson('/maintenance', { on: true })).status).toBe(200);
    try {
      expect((await shop.client().get('/user/point')).state).toBe(9999);
    } finally {
      expect((await postJson('/maintenance', { on: false })).status).toBe(200);
    }
    expect((await shop.client().get('/user/point')).state).toBe(200);
    expect((await postJson('/maintenance', { on: 'yes' })).status).toBe(400);
  });
});

describe('without the sandbox', () => {
  it('has no sandbox endpoints', async () => {
    const prod = await startTestShop({ SANDBOX: '0' });
    try {
      const res = await fetch(`${prod.baseUrl}/sandbox/members`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
