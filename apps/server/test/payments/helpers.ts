import { expect } from 'vitest';
import type { ApiClient, Envelope } from '../api-client.ts';
import { ledgerViolations } from '../factories.ts';
import { CARDS, seedCourses } from './service-payments.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

export const DAY = 24 * 3600_000;

/** A fresh test shop with the demo point courses: for a file's beforeAll (close the shop in afterAll). */
export async function startPaymentShop(): Promise<{ shop: TestShop; course: Record<number, number> }> {
  const shop = await startTestShop();
  return { shop, course: await seedCourses(shop) };
}

// Shared with the service tier's payments (service-payments.ts), which imports no Fastify app.
export { CARDS, seedCourses } from './service-payments.ts';

/** The browser's card-token call straight to the sandbox card company. */
export async function cardToken(shop: TestShop, number = CARDS.ok, extra: Record<string, string> = {}) {
  const res = await fetch(`${shop.baseUrl}/sandbox/card/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: number,
      card_expire: '12/39',
      security_code: '123',
      cardholder_name: 'TARO SHIKEN',
      ...extra,
    }),
  });
  return (await res.json()) as { token?: string; req_card_number?: string; error_code?: string };
}

/** Presses a button on a sandbox provider page; returns the redirect target (or null) and status. */
export async function pressSandbox(shop: TestShop, pageUrl: string, action: string) {
  const path = new URL(pageUrl, 'http://x').pathname;
  const res = await fetch(`${shop.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

export async function sandboxPage(shop: TestShop, pageUrl: string) {
  const path = new URL(pageUrl, 'http://x').pathname;
  const res = await fetch(`${shop.baseUrl}${path}`);
  return { status: res.status, html: await res.text() };
}

export async function paymentRow(shop: TestShop, publicId: string) {
  const { rows } = await shop.ctx.db.pool.query('SELECT * FROM payments WHERE public_id = $1', [publicId]);
  return rows[0] as Record<string, unknown> & {
    id: number;
    status: string;
    provider_ref: string;
    next_action_url: string;
  };
}

export async function paymentEvents(shop: TestShop, publicId: string): Promise<string[]> {
  const { rows } = await shop.ctx.db.pool.query(
    `SELECT e.to_status FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.public_id = $1 ORDER BY e.id`,
    [publicId],
  );
  return rows.map((r) => r.to_status as string);
}

export async function balance(shop: TestShop, memberId: number) {
  const { rows } = await shop.ctx.db.pool.query('SELECT point_balance, total_buy, rank FROM members WHERE id = $1', [
    memberId,
  ]);
  return { point: Number(rows[0].point_balance), totalBuy: Number(rows[0].total_buy), rank: Number(rows[0].rank) };
}

export async function ledgerRows(shop: TestShop, memberId: number) {
  const { rows } = await shop.ctx.db.pool.query(
    `SELECT l.amount, l.reason, p.kind FROM ledger_entries l
     LEFT JOIN point_lot_moves m ON m.ledger_id = l.id LEFT JOIN point_lots p ON p.id = m.lot_id
     WHERE l.member_id = $1 AND l.currency = 'point' ORDER BY l.id`,
    [memberId],
  );
  return rows.map((r) => ({ amount: Number(r.amount), reason: r.reason as string, kind: r.kind as string }));
}

export async function expectLedgerClean(shop: TestShop) {
  expect(await ledgerViolations(shop)).toEqual([]);
}

export async function buy(client: ApiClient, params: Record<string, unknown>): Promise<Envelope> {
  return client.post('/user/point/buy', params);
}
