import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for Stripe's HTTP API, plugged into the official SDK through Stripe.createFetchHttpClient. It
 * answers like the API does for the test tokens (tok_visa, tok_chargeDeclined, tok_threeDSecureRequired) and
 * keeps every request so tests can check what the adapter sent.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, string>;
}

type Intent = Record<string, unknown> & { id: string; status: string; amount: number };

export class FakeStripe {
  requests: RecordedRequest[] = [];
  intents = new Map<string, Intent>();
  private seq = 0;

  fetch = async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const u = new URL(String(url));
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).entries());
    this.requests.push({ method, path: u.pathname, form, headers });
    const [status, body] = this.route(method, u.pathname, form);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` },
    });
  };

  private route(method: string, p: string, f: URLSearchParams): [number, unknown] {
    if (method === 'POST' && p === '/v1/customers') return [200, { id: `cus_${++this.seq}`, object: 'customer' }];
    if (method === 'POST' && p === '/v1/payment_intents') return this.create(f);
    const m = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(p);
    if (m) {
      const pi = this.intents.get(m[1]!);
      if (!pi) return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      if (m[2]) {
        if (pi.status === 'succeeded') {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'already succeeded',
              },
            },
          ];
        }
        pi.status = 'canceled';
      }
      return [200, pi];
    }
    return [404, { error: { type: 'invalid_request_error', message: `unknown ${method} ${p}` } }];
  }

  private create(f: URLSearchParams): [number, unknown] {
    const id = `pi_${++this.seq}Kira`;
    const amount = Number(f.get('amount'));
    const pi: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: f.get('currency'),
      metadata: { payment_id: f.get('metadata[payment_id]') },
      status: 'requires_confirmation',
      last_payment_error: null,
      next_action: null,
    };
    const type = f.get('allowed_payment_method_types[0]');
    const token = f.get('payment_method_data[card][token]');
    if (type === 'card' && token === 'tok_chargeDeclined') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', type: 'card_error' };
      this.intents.set(id, pi);
      return [
        402,
        {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: pi },
        },
      ];
    }
    if (
      type === 'card' &&
      (token === 'tok_threeDSecureRequired' || f.get('payment_method_options[card][request_three_d_secure]') === 'any')
    ) {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://hooks.stripe.test/3d_secure/${id}`, return_url: f.get('return_url') },
      };
    } else if (type === 'card') {
      pi.status = 'succeeded';
      pi.amount_received = amount;
    } else if (type === 'konbini') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'konbini_display_details',
        konbini_display_details: {
          expires_at: Math.floor(Date.now() / 1000) + 3 * 86400,
          hosted_voucher_url: `https://payments.stripe.test/konbini/voucher/${id}`,
          stores: {
            familymart: { confirmation_number: `12${this.seq}3456789`.slice(0, 11), payment_code: '123456' },
            lawson: { confirmation_number: `98${this.seq}7654321`.slice(0, 11), payment_code: '654321' },
            ministop: null,
            seicomart: null,
          },
        },
      };
    } else if (type === 'customer_balance') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'display_bank_transfer_instructions',
        display_bank_transfer_instructions: {
          amount_remaining: amount,
          currency: 'jpy',
          type: 'jp_bank_transfer',
          reference: null,
          hosted_instructions_url: `https://payments.stripe.test/bank/${id}`,
          financial_addresses: [
            {
              type: 'zengin',
              zengin: {
                account_holder_name: 'ｽﾄﾗｲﾌﾟｼﾞｬﾊﾟﾝ',
                account_number: '1234567',
                account_type: 'futsu',
                bank_code: '0009',
                bank_name: 'テスト銀行',
                branch_code: '950',
                branch_name: 'テスト支店',
              },
            },
          ],
        },
      };
    } else if (type === 'paypay') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://pm-redirects.stripe.test/paypay/${id}` },
      };
    }
    this.intents.set(id, pi);
    return [200, pi];
  }

  /** The adapter's last create call, as form fields. */
  lastCreate(): URLSearchParams {
    return [...this.requests].reverse().find((r) => r.path === '/v1/payment_intents')!.form;
  }
}

const dir = path.dirname(fileURLToPath(import.meta.url));

/** A recorded Stripe event with this payment's values filled in. */
export function stripeEvent(
  type: string,
  v: { pi: string; paymentId: string; amount: number; eventId?: string },
): string {
  const raw = readFileSync(path.join(dir, 'fixtures', `stripe-${type}.json`), 'utf8')
    .replaceAll('"{{AMOUNT}}"', String(v.amount))
    .replaceAll('{{PI}}', v.pi)
    .replaceAll('{{PAYMENT_ID}}', v.paymentId);
  const event = JSON.parse(raw) as { id: string };
  // Stripe never reuses an event id; one recorded event per PaymentIntent keeps that true here.
  event.id = v.eventId ?? `${event.id}_${v.pi}`;
  return JSON.stringify(event, null, 2);
}
