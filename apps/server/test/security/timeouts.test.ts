import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/context.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { createInstanceCaches } from '../../src/instance-caches.ts';
import { ApiClient, type Envelope } from '../api-client.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { startTcpGate, type TcpGate } from './tcp-gate.ts';

/**
 * Issue 12 A10: with PostgreSQL frozen every request waited (20 s and more) and never got a 503; bodies sent one
 * byte at a time held connections for as long as the client liked.
 */
let shop: TestShop;
let member: TestMember;
beforeAll(async () => {
  shop = await startTestShop({ HTTP_REQUEST_TIMEOUT_MS: '1000' });
  member = await buildMember(shop);
});
afterAll(() => shop?.close());

describe('a database that stops answering', () => {
  let gate: TcpGate;
  let ctx: AppContext;
  let baseUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const target = new URL(shop.databaseUrl);
    gate = await startTcpGate(target.hostname, Number(target.port));
    const url = new URL(shop.databaseUrl);
    url.port = String(gate.port);
    const config = { ...shop.ctx.config, dbAcquireTimeoutMs: 1000, dbStatementTimeoutMs: 1000 };
    const db = connectDatabase(url.toString(), 5, config);
    ctx = { ...shop.ctx, ...createInstanceCaches(), config, db };
    const app = await buildApp(ctx, { serveWeb: false, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    close = async () => {
      await app.close();
      gate.resume();
      await db.close();
      await gate.close();
    };
  });
  afterAll(() => close?.());

  const pointOf = async (lang: 'ja' | 'en') => {
    const c = new ApiClient(baseUrl, lang);
    c.setCookie('sid', member.client.cookie('sid')!);
    const started = Date.now();
    const res = await c.raw('/api/user/point', { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Envelope, ms: Date.now() - started };
  };

  it('answers 503 in the envelope within the bound, in the caller language, and recovers by itself', async () => {
    expect((await pointOf('en')).status).toBe(200);
    gate.pause();
    // Past the session cache, so the request needs the database.
    await new Promise((r) => setTimeout(r, 2100));
    const en = await pointOf('en');
    expect(en.status).toBe(503);
    expect(en.body.state).toBe(503);
    expect(en.body.reason).toBe('database_unavailable');
    expect(en.body.errors?.general).toEqual(['System maintenance in progress']);
    expect(en.ms).toBeLessThan(5000);
    const ja = await pointOf('ja');
    expect(ja.body.state).toBe(503);
    expect(ja.body.errors?.general).toEqual(['システムメンテナンス中です']);

    gate.resume();
    let recovered: Awaited<ReturnType<typeof pointOf>> | null = null;
    for (let i = 0; i < 20 && recovered?.status !== 200; i++) {
      recovered = await pointOf('en');
      if (recovered.status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered?.status).toBe(200);
    expect(recovered?.body.state).toBe(200);
  }, 30_000);
});

it('closes a connection whose body trickles in slower than the request timeout', async () => {
  const url = new URL(shop.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
      'Content-Length: 1000\r\n\r\n',
  );
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  socket.on('error', () => {});
  const drip = setInterval(() => socket.writable && socket.write('a'), 100);
  const ms = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), 6000))]);
  clearInterval(drip);
  socket.destroy();
  expect(ms).toBeLessThan(4000);
}, 15_000);
