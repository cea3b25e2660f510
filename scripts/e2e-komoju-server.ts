// Starts the shop with the KOMOJU rail for the browser tests (e2e/komoju.spec.ts): every method the KOMOJU adapter
// carries (konbini, carrier billing, PayPay, メルペイ, au PAY, Paidy) is routed to KOMOJU, whose API and hosted pages
// are the server tests' fake served over HTTP on 127.0.0.1 (KOMOJU_API_BASE, refused in production); cards and the
// rest stay on the sandbox. A fresh embedded database each start.
import { rmSync } from 'node:fs';
import { startFakeKomojuServer } from '../apps/server/test/payments/fake-komoju-server.ts';

if (process.env.E2E_STOP_WITH_PARENT === '1') {
  // As scripts/e2e-server.ts: when the Playwright worker that started this ends, stdin closes and the shop stops.
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}
const secretKey = 'sk_test_e2eKirakiraKomoju';
const webhookSecret = 'e2e-kirakira-komoju-webhook-token';
const shopUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const { url } = await startFakeKomojuServer({
  port: Number(process.env.E2E_KOMOJU_API_PORT ?? 3152),
  secretKey,
  webhookSecret,
  shopUrl,
});
Object.assign(process.env, {
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_ROUTES: 'komoju=2,6,8,10,11,13',
  KOMOJU_SECRET_KEY: secretKey,
  KOMOJU_WEBHOOK_SECRET: webhookSecret,
  KOMOJU_API_BASE: url,
});
process.env.DATA_DIR ??= 'test-results/e2e-komoju-data';
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../apps/server/src/main.ts');
