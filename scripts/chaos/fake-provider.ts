/**
 * The payment provider for the chaos run: the API tests' fake Stripe API (test/payments/fake-stripe.ts) over HTTP
 * on 127.0.0.1, which a shop process reaches through STRIPE_API_BASE. It can be cut (listener closed, open
 * connections dropped) and restored on the same port with the same intents. Like Stripe it then sends a
 * payment_intent.succeeded webhook for every charge, and its books are compared with the shop's: every charge
 * credited once, nothing credited without a charge.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import Stripe from 'stripe';
import { stripeEvent } from '../../apps/server/test/payments/fake-stripe.ts';
import { startFakeStripeServer } from '../../apps/server/test/payments/fake-stripe-server.ts';
import type { Check } from '../lib/bench-audit.ts';

export async function startFakeProvider() {
  const { fake, url, server } = await startFakeStripeServer();
  const port = (server.address() as AddressInfo).port;
  return {
    fake,
    url,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** Stripe's webhooks for every succeeded intent, signed with `secret`, to the shop at `port`; outcomes counted. */
    async deliverWebhooks(port: number, secret: string): Promise<string> {
      const outcomes = new Map<string, number>();
      for (const pi of fake.intents.values()) {
        if (pi.status !== 'succeeded') continue;
        const paymentId = String((pi.metadata as { payment_id?: string } | undefined)?.payment_id ?? '');
        const payload = stripeEvent('payment_intent.succeeded', { pi: pi.id, paymentId, amount: Number(pi.amount) });
        let outcome: string;
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/payment/webhook/stripe`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
            },
            body: payload,
            signal: AbortSignal.timeout(5_000),
          });
          outcome = `${res.status} ${((await res.json().catch(() => ({}))) as { outcome?: string }).outcome ?? ''}`;
        } catch (err) {
          outcome =
            (err as Error).name === 'TimeoutError'
              ? 'timeout'
              : ((err as { cause?: { code?: string } }).cause?.code ?? 'failed');
        }
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      return [...outcomes].map(([o, n]) => `${n} × ${o}`).join(', ') || 'none';
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Fake = Awaited<ReturnType<typeof startFakeProvider>>['fake'];

export async function paymentChecks(url: string, fake: Fake): Promise<Check[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ provider_ref: string | null; status: string; amount: string }>(
      `SELECT provider_ref, status, amount FROM payments WHERE gateway = 'stripe'`,
    );
    const charged = [...fake.intents.values()].filter((pi) => pi.status === 'succeeded');
    const byRef = new Map(rows.filter((r) => r.provider_ref).map((r) => [r.provider_ref!, r]));
    const uncredited = charged.filter((pi) => byRef.get(pi.id)?.status !== 'succeeded');
    const unpaid = rows.filter(
      (r) =>
        r.status === 'succeeded' &&
        !charged.some((pi) => pi.id === r.provider_ref && Number(pi.amount) === Number(r.amount)),
    );
    const states = new Map<string, number>();
    for (const r of rows) states.set(r.status, (states.get(r.status) ?? 0) + 1);
    const summary = [...states].map(([s, n]) => `${n} ${s}`).join(', ');
    return [
      [
        'every card charge is credited',
        uncredited.length === 0,
        `${charged.length} charged, ${uncredited.length} not credited`,
      ],
      [
        'nothing credited without its charge',
        unpaid.length === 0,
        `${unpaid.length} credited without a charge; ${summary}`,
      ],
    ];
  } finally {
    await pool.end();
  }
}
