import Stripe from 'stripe';
import { createStripeGateway } from '../../src/services/payments/gateways/stripe-gateway.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { FakeStripe } from './fake-stripe.ts';
import { seedCourses } from './helpers.ts';

export const WEBHOOK_SECRET = 'whsec_testKirakiraSecret';
export const PUBLISHABLE_KEY = 'pk_test_kirakira';

/** A test shop in Stripe mode whose gateway talks to a fresh fake Stripe API; with the demo courses. */
export async function startStripeShop(): Promise<{ shop: TestShop; fake: FakeStripe; course: Record<number, number> }> {
  const shop = await startTestShop({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_kirakira',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  });
  const fake = new FakeStripe();
  shop.ctx.gateway = createStripeGateway(shop.ctx.config, {
    httpClient: Stripe.createFetchHttpClient(fake.fetch as typeof fetch),
  });
  return { shop, fake, course: await seedCourses(shop) };
}

/** Posts a Stripe event to the shop's webhook, signed with the shop's secret unless a signature is given. */
export async function stripeWebhook(shop: TestShop, body: string, signature?: string) {
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const res = await fetch(`${shop.baseUrl}/api/payment/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}
