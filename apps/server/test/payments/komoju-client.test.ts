import { describe, expect, it } from 'vitest';
import { createKomojuClient } from '../../src/services/payments/gateways/komoju/client.ts';

/** What the client puts on the wire, read from a fetch that records each request. */
function recordingClient() {
  const sent: { method: string; url: string; key: string | null }[] = [];
  const client = createKomojuClient({
    secretKey: 'sk_test_x',
    apiBase: 'https://komoju.test',
    fetch: (async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', url, key: headers.get('x-komoju-idempotency') });
      return new Response(JSON.stringify({ id: 'x', status: 'pending' }), { status: 200 });
    }) as typeof fetch,
  });
  return { client, sent };
}

describe('the KOMOJU client', () => {
  it('keys each create by our order reference, the same on a retry, so KOMOJU runs it once (X-KOMOJU-IDEMPOTENCY)', async () => {
    const { client, sent } = recordingClient();
    const session = {
      amount: 500,
      currency: 'JPY' as const,
      return_url: 'https://shop.example/pay-redirect',
      payment_types: ['paypay'],
      default_locale: 'ja' as const,
      payment_data: { external_order_num: 'PAY-42' },
    };
    await client.createSession(session);
    await client.createSession(session);
    await client.createSession({ ...session, payment_data: { external_order_num: 'PAY-43' } });
    await client.createPayment({
      amount: 500,
      currency: 'JPY',
      external_order_num: 'PAY-44',
      payment_details: { type: 'konbini', store: 'lawson', email: 'a@b.example' },
    });
    await client.getSession('sess_1');
    expect(sent.map((s) => s.key)).toEqual([
      'session-PAY-42',
      'session-PAY-42',
      'session-PAY-43',
      'payment-PAY-44',
      null,
    ]);
    expect(sent[4]!.method).toBe('GET');
  });
});
