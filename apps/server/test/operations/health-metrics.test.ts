import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/context.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { createMetrics } from '../../src/observability/metrics.ts';
import { buildMember } from '../factories.ts';
import { buildPack, smallLineup } from '../packs/pack-fixtures.ts';
import { buy, seedCourses } from '../payments/helpers.ts';
import { signPayload, SIGNATURE_HEADER } from '../../src/services/payments/gateways/sandbox/signature.ts';
import { createMediaStorage } from '../../src/storage/index.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { sample } from './prometheus-text.ts';

// Issue 12 D: health and readiness probes, Prometheus metrics, request ids in replies.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

/** Another app on `ctx` (not listening), for probes against a broken database or another configuration. */
async function appOn(ctx: AppContext) {
  return buildApp({ ...ctx, metrics: createMetrics() }, { serveWeb: false, logger: false });
}

async function metricsText(headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.baseUrl}/metrics`, { headers });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

describe('probes', () => {
  it('/healthz answers without the database; /readyz checks it', async () => {
    const health = await fetch(`${shop.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('x-request-id')).toBeTruthy();
    const ready = await fetch(`${shop.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 within its timeout when the pool cannot reach the database; /healthz stays 200', async () => {
    const db = connectDatabase('postgres://nobody@127.0.0.1:1/nothing', 2);
    const app = await appOn({ ...shop.ctx, db });
    try {
      const started = Date.now();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });

  // Issue 20: /readyz stayed 200 while every write failed.
  it('/readyz answers 503 when the database refuses writes, and when the media disk does', async () => {
    const url = new URL(shop.databaseUrl);
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const readOnly = connectDatabase(url.toString(), 2);
    const app = await appOn({ ...shop.ctx, db: readOnly });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toMatch(/database refuses writes: .*read-only/);
    } finally {
      await app.close();
      await readOnly.close();
    }
    // A media directory that cannot be written (here a file stands where it should be).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'readyz-'));
    writeFileSync(path.join(dataDir, 'media'), 'not a directory');
    const broken = await appOn({ ...shop.ctx, media: createMediaStorage({ ...shop.ctx.config, dataDir }) });
    try {
      const ready = await broken.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toMatch(/^media storage refuses writes/);
    } finally {
      await broken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect((await fetch(`${shop.baseUrl}/readyz`)).status).toBe(200);
  });

  it('/readyz answers 503 while a migration of this build is not applied', async () => {
    const pool = shop.ctx.db.pool;
    await pool.query("DELETE FROM schema_migrations WHERE name = '0003_operations.sql'");
    try {
      const ready = await fetch(`${shop.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { reason: string }).reason).toContain('0003_operations.sql');
    } finally {
      await pool.query("INSERT INTO schema_migrations (name) VALUES ('0003_operations.sql')");
    }
    expect((await fetch(`${shop.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe('request ids', () => {
  it('names the request in a 5xx envelope and the reply header; reuses only a safe X-Request-Id', async () => {
    const db = connectDatabase('postgres://nobody@127.0.0.1:1/nothing', 2);
    const app = await appOn({ ...shop.ctx, db });
    try {
      const failed = await app.inject({ url: '/api/user/point', headers: { 'x-request-id': 'lb-1234abcd' } });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.json()).toMatchObject({ request_id: 'lb-1234abcd' });
      expect(failed.headers['x-request-id']).toBe('lb-1234abcd');
      const unsafe = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'evil\u2028id <script>' } });
      expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('/metrics', () => {
  it('counts requests by route, purchases, cards, batch sizes, payment moves and pool use', async () => {
    const before = (await metricsText()).text;
    const packId = await buildPack(shop, { cards: smallLineup(4) });
    const m = await buildMember(shop, { paidPoints: 1_000 });
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 3 });
    expect((await m.client.post('/user/pack/buy', { token: check.token })).state).toBe(200);

    const course = await seedCourses(shop);
    const payer = await buildMember(shop);
    const res = await buy(payer.client, { point_price_id: course[1000], pay_id: 4, name: 'ヤマダ' });
    const { rows } = await shop.ctx.db.pool.query('SELECT provider_ref FROM payments WHERE public_id = $1', [
      res.payment_id,
    ]);
    const body = JSON.stringify({
      id: 'evt_metrics',
      type: 'payment.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        intent_id: rows[0].provider_ref,
        merchant_ref: res.payment_id,
        status: 'succeeded',
        amount: 1000,
        currency: 'JPY',
      },
    });
    await fetch(`${shop.baseUrl}/api/payment/webhook/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(shop.ctx.config.payments.callbackSecret, body),
      },
      body,
    });

    const after = await metricsText();
    expect(after.status).toBe(200);
    expect(after.type).toContain('text/plain');
    const moved = (series: string) => sample(after.text, series) - sample(before, series);
    expect(moved('oripa_purchases_total')).toBe(1);
    expect(moved('oripa_cards_drawn_total')).toBe(3);
    expect(moved('oripa_purchase_batch_size_count')).toBe(1);
    expect(moved('oripa_payment_transitions_total{from="pending",to="succeeded"}')).toBe(1);
    expect(
      moved('oripa_http_request_duration_seconds_count{method="POST",route="/api/user/pack/buy",status="200"}'),
    ).toBe(1);
    expect(after.text).toMatch(/^oripa_db_pool_connections\{state="total"\} \d+/m);
    expect(after.text).toMatch(/^oripa_db_pool_connections\{state="waiting"\} 0/m);
  });

  it('in production: 404 without METRICS_TOKEN, and only with the bearer token when it is set', async () => {
    const production = { ...shop.ctx.config, production: true };
    const closed = await appOn({ ...shop.ctx, config: { ...production, metricsToken: null } });
    const token = 'm'.repeat(40);
    const guarded = await appOn({ ...shop.ctx, config: { ...production, metricsToken: token } });
    try {
      expect((await closed.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = { authorization: `Bearer ${'x'.repeat(40)}` };
      expect((await guarded.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401);
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('oripa_http_request_duration_seconds');
    } finally {
      await closed.close();
      await guarded.close();
    }
  });
});
