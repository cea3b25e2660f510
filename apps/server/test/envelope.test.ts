import { describe, expect, it } from 'vitest';
import { setMaintenance } from '../src/services/maintenance.ts';
import { startTestShop, useTestShop } from './test-shop.ts';

const t = useTestShop();

describe('the /api envelope', () => {
  it('answers unknown paths with state 404 and a fresh csrf pair', async () => {
    const c = t.shop.client();
    const res = await c.get('/user/no-such-thing');
    expect(res.state).toBe(404);
    expect(res.csrf?.csrf_name).toMatch(/^csrf/);
    expect(res.csrf?.csrf_value.length).toBeGreaterThan(20);
  });

  it('answers an unknown path in the caller language', async () => {
    const ja = await t.shop.client('ja').get('/user/no-such-thing');
    expect(ja.errors?.general).toEqual(['見つかりません']);
    const en = await t.shop.client('en').get('/no/such/path');
    expect(en.errors?.general).toEqual(['Not found']);
    expect(en.reason).toBe('unknown_path');
  });

  it('refuses a POST without a csrf pair with 403 in the caller language', async () => {
    const ja = await t.shop.client('ja').post('/user/login', { mail: 'a@b.jp', pass: 'x' }, { csrf: false });
    expect(ja.state).toBe(403);
    expect(ja.errors?.general?.[0]).toContain('有効期限');
    const en = await t.shop.client('en').post('/user/login', { mail: 'a@b.jp', pass: 'x' }, { csrf: false });
    expect(en.errors?.general?.[0]).toMatch(/expired/);
  });

  it('refuses a csrf pair issued to another session', async () => {
    const a = t.shop.client();
    await a.get('/user/point');
    const b = t.shop.client();
    const res = await b.post('/user/login', { mail: 'a@b.jp', pass: 'x' }, { csrf: a.csrf! });
    expect(res.state).toBe(403);
  });

  it('answers every call with 9999 while the maintenance flag is on', async () => {
    await setMaintenance(t.shop.ctx, true);
    try {
      const c = t.shop.client();
      expect((await c.get('/user/point')).state).toBe(9999);
      expect(c.lastStatus).toBe(503);
    } finally {
      await setMaintenance(t.shop.ctx, false);
    }
    expect((await t.shop.client().get('/user/no-such')).state).toBe(404);
  });

  it('answers malformed json with a 400 naming the json field', async () => {
    const c = t.shop.client('en');
    const res = await c.post('/user/no-such', '{not json');
    expect(res.state).toBe(400);
    expect(res.errors?.json?.[0]).toMatch(/malformed/);
  });
});

describe('URLs refused before routing', () => {
  it.each([
    ['a broken percent-escape', '/user/history/detail/%E0%A4%A'],
    ['an over-long path parameter', `/user/history/detail/${'9'.repeat(300)}`],
  ])('answers %s in the envelope without echoing the URL', async (_name, path) => {
    const c = t.shop.client('en');
    const res = await c.raw(`/api${path}`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.state).toBe(400);
    expect(res.status).toBe(400);
    expect((body.errors as Record<string, string[]>).general?.[0]).toMatch(/malformed/);
    expect(body.csrf).toBeTruthy();
    expect(JSON.stringify(body)).not.toContain('%E0');
    expect(JSON.stringify(body)).not.toContain('999999');
  });
});

describe('MAINTENANCE=1', () => {
  it('answers 9999 without touching the database', async () => {
    const m = await startTestShop({ MAINTENANCE: '1' });
    try {
      await m.ctx.db.pool.end(); // a database that is down must not turn maintenance into a 500
      const c = m.client('en');
      c.setCookie('sid', `m.${'A'.repeat(43)}`); // a member cookie makes the session lookup query the database
      const res = await c.get('/user/point');
      expect(res.state).toBe(9999);
      expect(res.errors?.general?.[0]).toMatch(/maintenance/i);
    } finally {
      m.ctx.db.close = async () => {};
      await m.close();
    }
  });
});
