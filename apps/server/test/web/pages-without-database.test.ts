import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/database.ts';
import { createInstanceCaches } from '../../src/instance-caches.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { newWebDist } from './web-dist-dir.ts';

/**
 * Issue 12: a member's page visit read the session before sending the SPA, and with the database down answered 500
 * (a bare error page) instead of the SPA, which would have shown the shop as unavailable from the API's 503.
 */
/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const dist = newWebDist();
let shop: TestShop;
let member: TestMember;
let web: FastifyInstance;
let base: string;
let closeDb: () => Promise<void>;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><head></head><body>SPA</body></html>');
  shop = await startTestShop();
  member = await buildMember(shop);
  const url = new URL(shop.databaseUrl);
  url.port = String(await closedPort());
  const config = { ...shop.ctx.config, dbAcquireTimeoutMs: 1000 };
  const db = connectDatabase(url.toString(), 2, config);
  closeDb = () => db.close();
  const { buildApp } = await import('../../src/app.ts');
  web = await buildApp(
    { ...shop.ctx, ...createInstanceCaches(), config, db },
    { serveWeb: true, webDist: dist, logger: false },
  );
  await web.listen({ port: 0, host: '127.0.0.1' });
  const addr = web.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await web?.close();
  await closeDb?.();
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves the SPA to a member while the database is unreachable; the API answers 503', async () => {
  const cookie = `sid=${member.client.cookie('sid')}`;
  // Entry routes (written per page) and the history-mode fallback both read the session.
  for (const p of ['/', '/my-page', '/pack-detail?packId=1', '/buy-product-history']) {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    expect({ p, status: res.status }).toEqual({ p, status: 200 });
    expect(await res.text()).toContain('SPA');
  }
  const api = await fetch(`${base}/api/user/point`, { headers: { cookie } });
  expect(api.status).toBe(503);
});
