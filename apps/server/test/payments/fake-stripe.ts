import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for Stripe's HTTP API, plugged into the official SDK through Stripe.createFetchHttpClient (or served
 * over HTTP by fake-stripe-server.ts for the browser tests). It answers like the API does for the test tokens
 * (tok_visa, tok_chargeDeclined, tok_threeDSecureRequired) and for PaymentMethods made from Stripe's test card
 * numbers (what Stripe.js creates in the browser), and keeps every request so tests can check what was sent.
 * Calls made with the publishable key (the browser's) may only read an intent whose client_secret they quote.
 * A PaymentIntent charges only when confirmed (confirm=true on create, or /confirm); a POST repeated with the same
 * Idempotency-Key gets the first reply again, as at Stripe.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, string>;
}

type Intent = Record<string, unknown> & { id: string; status: string; amount: number; client_secret: string };
type Card = { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
type PaymentMethod = { id: string; object: 'payment_method'; type: 'card'; card: Card; customer: string | null };

/** Stripe's test numbers: these decline at confirmation, these need 3-D Secure; any other valid number pays. */
const DECLINED_NUMBERS = new Set(['4000000000000002', '4000000000009995']);
const THREE_DS_NUMBERS = new Set(['4000002500003155', '4000002760003184', '4000000000003220']);
const BRANDS: [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^(5[1-5]|2[2-7])/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^35/, 'jcb'],
  [/^3[0689]/, 'diners'],
];

const luhn = (n: string) =>
  [...n].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

const cardError = (code: string, message: string, param?: string): [number, unknown] => [
  402,
  { error: { type: 'card_error', code, message, ...(param ? { param } : {}) } },
];

export class FakeStripe {
  requests: RecordedRequest[] = [];
  intents = new Map<string, Intent>();
  paymentMethods = new Map<string, PaymentMethod & { number: string }>();
  /** A request this says yes to is answered 500 (not retried by the SDK) and does nothing: an outage mid-flow. */
  failWhen: ((req: RecordedRequest) => boolean) | null = null;
  private seq = 0;
  /** The create call's fields of each intent, what confirming it acts on. */
  private createForms = new Map<string, URLSearchParams>();
  private replies = new Map<string, [number, string]>();

  fetch = async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const u = new URL(String(url));
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).entries());
    const req = { method, path: u.pathname, form, headers };
    this.requests.push(req);
    const reply = (status: number, body: string, extra: Record<string, string> = {}) =>
      new Response(body, {
        status,
        headers: { 'content-type': 'application/json', 'request-id': `req_${++this.seq}`, ...extra },
      });
    if (this.failWhen?.(req)) {
      const error = { error: { type: 'api_error', message: 'An unknown error occurred' } };
      return reply(500, JSON.stringify(error), { 'stripe-should-retry': 'false' });
    }
    const idem = method === 'POST' ? headers['idempotency-key'] : undefined;
    const replayed = idem ? this.replies.get(idem) : undefined;
    if (replayed) return reply(replayed[0], replayed[1], { 'idempotent-replayed': 'true' });
    // Stripe.js sends its publishable key as the `key` field (no Authorization header, so no CORS preflight).
    const key = form.get('key') ?? u.searchParams.get('key') ?? headers.authorization?.replace(/^Bearer /, '') ?? '';
    const [status, body] = key.startsWith('pk_')
      ? this.browserRoute(method, u.pathname, form, u.searchParams)
      : this.route(method, u.pathname, form, u.searchParams);
    const text = JSON.stringify(body);
    if (idem) this.replies.set(idem, [status, text]);
    return reply(status, text);
  };

  /** What a publishable key may do: make a card PaymentMethod, read and authenticate an intent it holds the secret of. */
  private browserRoute(method: string, p: string, f: URLSearchParams, q: URLSearchParams): [number, unknown] {
    if (method === 'POST' && p === '/v1/payment_methods') return this.createPaymentMethod(f);
    const m = /^\/v1\/payment_intents\/([^/]+?)(\/test_3ds)?$/.exec(p);
    const pi = m ? this.intents.get(m[1]!) : undefined;
    if (!m || !pi || (f.get('client_secret') ?? q.get('client_secret')) !== pi.client_secret) {
      return [404, { error: { type: 'invalid_request_error', message: `No such ${p}` } }];
    }
    if (m[2] && method === 'POST') this.authenticate(pi, f.get('outcome') === 'pass');
    return [200, pi];
  }

  /** The issuer's answer to the 3-D Secure challenge (Stripe's test page has "Complete" and "Fail"). */
  private authenticate(pi: Intent, passed: boolean) {
    if (pi.status !== 'requires_action') return;
    pi.next_action = null;
    if (passed) {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'payment_intent_authentication_failure', type: 'invalid_request_error' };
    }
  }

  private createPaymentMethod(f: URLSearchParams): [number, unknown] {
    const number = (f.get('card[number]') ?? '').replace(/\D/g, '');
    if (number.length < 13 || !luhn(number)) {
      return cardError('incorrect_number', 'Your card number is incorrect.', 'number');
    }
    const month = Number(f.get('card[exp_month]'));
    const year = Number(f.get('card[exp_year]'));
    const now = new Date();
    if (!(month >= 1 && month <= 12) || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    }
    if (!/^\d{3,4}$/.test(f.get('card[cvc]') ?? '')) {
      return cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    }
    const pm = {
      id: `pm_${++this.seq}Kira`,
      object: 'payment_method' as const,
      type: 'card' as const,
      card: {
        brand: BRANDS.find(([re]) => re.test(number))?.[1] ?? 'unknown',
        last4: number.slice(-4),
        exp_month: month,
        exp_year: year,
        fingerprint: `fp${number.slice(-8)}`,
      },
      customer: null,
      billing_details: { name: f.get('billing_details[name]') },
      number,
    };
    this.paymentMethods.set(pm.id, pm);
    return [200, { ...pm, number: undefined }];
  }

  private route(method: string, p: string, f: URLSearchParams, q: URLSearchParams): [number, unknown] {
    if (method === 'POST' && p === '/v1/customers') return [200, { id: `cus_${++this.seq}`, object: 'customer' }];
    if (method === 'POST' && p === '/v1/payment_intents') return this.create(f);
    if (method === 'GET' && p === '/v1/payment_intents/search') return this.search(q.get('query') ?? '');
    const pmPath = /^\/v1\/payment_methods\/([^/]+)(\/attach)?$/.exec(p);
    if (pmPath) {
      const pm = this.paymentMethods.get(pmPath[1]!);
      if (!pm) return [404, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } }];
      if (pmPath[2]) pm.customer = f.get('customer');
      return [200, { ...pm, number: undefined }];
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/confirm)?$/.exec(p);
    if (m) {
      const pi = this.intents.get(m[1]!);
      if (!pi) return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      if (m[2] === '/confirm') return this.confirm(pi, f);
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
      status:
        f.get('payment_method') || f.get('payment_method_data[type]')
          ? 'requires_confirmation'
          : 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    };
    this.intents.set(id, pi);
    this.createForms.set(id, f);
    return f.get('confirm') === 'true' ? this.confirm(pi, f) : [200, pi];
  }

  /** Stripe's search over metadata, as the adapter asks it: metadata['payment_id']:'<our id>'. */
  private search(query: string): [number, unknown] {
    const want = /^metadata\['payment_id'\]:'([^']*)'$/.exec(query)?.[1];
    if (want === undefined) return [400, { error: { type: 'invalid_request_error', message: 'bad query' } }];
    const data = [...this.intents.values()].filter(
      (pi) => (pi.metadata as Record<string, unknown>).payment_id === want,
    );
    return [200, { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data }];
  }

  /** The charge attempt: what the card, voucher or wallet does once the intent is confirmed. */
  private confirm(pi: Intent, confirmForm: URLSearchParams): [number, unknown] {
    if (pi.status !== 'requires_confirmation') {
      return [
        400,
        { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: pi.status } },
      ];
    }
    const f = new URLSearchParams(this.createForms.get(pi.id));
    for (const [k, v] of confirmForm) f.set(k, v);
    const { id, amount } = pi;
    const type = f.get('allowed_payment_method_types[0]');
    const pm = this.paymentMethods.get(f.get('payment_method') ?? '');
    // A PaymentMethod made from a test number behaves like the matching test token.
    const token =
      f.get('payment_method_data[card][token]') ??
      (pm && DECLINED_NUMBERS.has(pm.number)
        ? 'tok_chargeDeclined'
        : pm && THREE_DS_NUMBERS.has(pm.number)
          ? 'tok_threeDSecureRequired'
          : null);
    if (type === 'card' && token === 'tok_chargeDeclined') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', type: 'card_error' };
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
