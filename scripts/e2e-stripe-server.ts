// Starts the shop in Stripe mode for the browser tests (e2e/stripe-card.spec.ts): the Stripe API is the fake of the
// server tests served over HTTP on 127.0.0.1 (STRIPE_API_BASE, refused in production), on a fresh embedded database.
import { rmSync } from 'node:fs';
import { startFakeStripeServer } from '../apps/server/test/payments/fake-stripe-server.ts';

const fakePort = Number(process.env.E2E_STRIPE_API_PORT ?? 3151);
const { url } = await startFakeStripeServer(fakePort);
Object.assign(process.env, {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_e2eKirakira',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2eKirakira',
  STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_e2eKirakira',
  STRIPE_API_BASE: url,
});
process.env.DATA_DIR ??= 'test-results/e2e-stripe-data';
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../apps/server/src/main.ts');
