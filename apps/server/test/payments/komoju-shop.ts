import { createKomojuGateway } from '../../src/services/payments/gateways/komoju-gateway.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { FakeKomoju, type KomojuEvent } from './fake-komoju.ts';
import { seedCourses } from './helpers.ts';

export const KOMOJU_SECRET_KEY = 'sk_test_kirakirakomoju';
export const KOMOJU_WEBHOOK_SECRET = 'komoju-webhook-secret-token-for-tests';

/** A test shop on the KOMOJU rail whose gateway talks to a fresh fake KOMOJU; with the demo courses. */
export async function startKomojuShop(): Promise<{ shop: TestShop; fake: FakeKomoju; course: Record<number, number> }> {
  const shop = await startTestShop({
    PAYMENT_PROVIDER: 'komoju',
    KOMOJU_SECRET_KEY,
    KOMOJU_WEBHOOK_SECRET,
  });
  const fake = new FakeKomoju(KOMOJU_SECRET_KEY, KOMOJU_WEBHOOK_SECRET);
  shop.ctx.gateway = createKomojuGateway(shop.ctx.config, { fetch: fake.fetch as typeof fetch });
  return { shop, fake, course: await seedCourses(shop) };
}

/** Delivers a KOMOJU webhook to the shop as KOMOJU does: the raw JSON body with X-Komoju-Signature. */
export async function komojuWebhook(shop: TestShop, e: KomojuEvent) {
  const res = await fetch(`${shop.baseUrl}/api/payment/webhook/komoju`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-komoju-signature': e.signature, 'x-komoju-event': 'payment' },
    body: e.body,
  });
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}
