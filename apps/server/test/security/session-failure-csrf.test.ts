import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyCsrf } from '../../src/http/csrf.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Issue 12 A12: when loading the session fails, the error reply used to carry a CSRF pair bound to a placeholder
 * session id shared by every such reply ('g.unknown'), a token valid for anyone who later got that placeholder.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

it('an error while loading the session answers without a CSRF pair', async () => {
  const m = await buildMember(shop);
  const pool = shop.ctx.db.pool;
  const query = pool.query.bind(pool);
  // Only the session lookup fails, as if the database broke just then.
  pool.query = ((text: unknown, ...rest: unknown[]) =>
    /FROM sessions/i.test(typeof text === 'string' ? text : String((text as { text?: string }).text))
      ? Promise.reject(new Error('boom'))
      : (query as (...a: unknown[]) => unknown)(text, ...rest)) as typeof pool.query;
  try {
    const r = await m.client.get('/user/point');
    expect(r.state).toBe(500);
    expect(r.csrf).toBeUndefined();
    const posted = await m.client.post('/user/login', { mail: m.mail, pass: m.pass }, { csrf: false });
    expect(posted.state).toBe(500);
    expect(posted.csrf).toBeUndefined();
  } finally {
    pool.query = query;
  }
  // Whatever it may have carried, no pair for the placeholder id is ever honoured.
  const r = await m.client.get('/user/point');
  expect(r.state).toBe(200);
  expect(verifyCsrf(shop.ctx.config.sessionSecret, 'g.unknown', r.csrf!.csrf_name, r.csrf!.csrf_value)).toBe(false);
});
