import { randomBytes } from 'node:crypto';
import type {
  KomojuPayment,
  KomojuPaymentStatus,
  KomojuSession,
} from '../../src/services/payments/gateways/komoju/client.ts';
import { signKomojuBody } from '../../src/services/payments/gateways/komoju/signature.ts';

/**
 * A local KOMOJU that follows its API documents, for the komoju gateway's tests (as fake-stripe.ts is for Stripe):
 * Basic auth with the secret key; POST /api/v1/sessions (amount, currency, return_url, payment_types …) → a session
 * with session_url; GET /sessions/:id with its payment once the buyer paid; POST /sessions/:id/cancel; POST
 * /api/v1/payments for konbini (payment_details type/store/email) → 'authorized' with receipt, confirmation_code
 * and instructions_url; GET /payments/:id; POST /payments/:id/cancel and /refund. Errors answer
 * {error: {code, message}}. The test plays the buyer and KOMOJU's webhook: pay / expire / fail a payment and get
 * the signed event to deliver, as many times and in whatever order the test wants. fake-komoju-server.ts serves it
 * over HTTP with the hosted pages, for the browser journeys.
 */
const STORES = ['seven-eleven', 'lawson', 'family-mart', 'ministop', 'daily-yamazaki', 'seicomart'];
const SESSION_TYPES = ['paypay', 'merpay', 'aupay', 'paidy', 'docomo', 'au', 'softbank', 'konbini', 'credit_card'];
const newId = () => randomBytes(13).toString('hex').slice(0, 25);

export interface KomojuEvent {
  body: string;
  signature: string;
}

export class FakeKomoju {
  readonly sessions = new Map<string, KomojuSession & { payment_types: string[] }>();
  readonly payments = new Map<string, KomojuPayment>();
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  /** Set to make the next calls fail as KOMOJU being down would. */
  down = false;
  /** Set to make the next session or konbini payment be refused (422), as KOMOJU refuses a method it cannot take. */
  refuseNext = false;

  constructor(
    readonly secretKey: string,
    readonly webhookSecret: string,
    /** Where the buyer's pages are (session_url, instructions_url): nowhere real in the server tests. */
    readonly pageBase = 'https://komoju.test',
  ) {}

  fetch = async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (this.down) throw new TypeError('fetch failed');
    const u = new URL(String(url));
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    this.requests.push({ method, path: u.pathname, body });
    const headers = new Headers(init.headers);
    const expected = `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`;
    if (headers.get('authorization') !== expected) return error(401, 'unauthorized', 'Invalid API key');
    const m = (re: RegExp) => u.pathname.match(re);
    let g: RegExpMatchArray | null;
    const creating = method === 'POST' && (u.pathname === '/api/v1/sessions' || u.pathname === '/api/v1/payments');
    if (creating && this.refuseNext) {
      this.refuseNext = false;
      return error(422, 'not_allowed', 'This payment method is not available for this payment');
    }
    if (method === 'POST' && u.pathname === '/api/v1/sessions') return this.createSession(body);
    if (method === 'GET' && (g = m(/^\/api\/v1\/sessions\/([^/]+)$/))) return this.showSession(g[1]!);
    if (method === 'POST' && (g = m(/^\/api\/v1\/sessions\/([^/]+)\/cancel$/))) return this.cancelSession(g[1]!);
    if (method === 'POST' && u.pathname === '/api/v1/payments') return this.createKonbini(body);
    if (method === 'GET' && (g = m(/^\/api\/v1\/payments\/([^/]+)$/))) return this.showPayment(g[1]!);
    if (method === 'POST' && (g = m(/^\/api\/v1\/payments\/([^/]+)\/cancel$/))) return this.cancelPayment(g[1]!);
    if (method === 'POST' && (g = m(/^\/api\/v1\/payments\/([^/]+)\/refund$/))) return this.refund(g[1]!);
    return error(404, 'not_found', `No route ${method} ${u.pathname}`);
  };

  private createSession(b: Record<string, unknown>) {
    const types = b.payment_types as string[] | undefined;
    if (!Number.isInteger(b.amount) || (b.amount as number) < 1) return error(400, 'bad_request', 'amount');
    if (b.currency !== 'JPY' || typeof b.return_url !== 'string') return error(400, 'bad_request', 'currency');
    if (!types?.length || !types.every((t) => SESSION_TYPES.includes(t)))
      return error(422, 'invalid_payment_type', 'payment_types');
    const id = newId();
    const s = {
      id,
      resource: 'session' as const,
      mode: 'payment' as const,
      amount: b.amount as number,
      currency: 'JPY',
      session_url: `${this.pageBase}/sessions/${id}`,
      return_url: b.return_url,
      status: 'pending' as const,
      payment: null,
      payment_data: b.payment_data as { external_order_num: string },
      payment_types: types,
    };
    this.sessions.set(id, s);
    return json(200, this.sessionView(s));
  }

  private sessionView(s: KomojuSession & { payment_types: string[] }): KomojuSession {
    const { payment_types: _t, ...rest } = s;
    return { ...rest, payment: s.payment ? { ...this.payments.get(s.payment.id)! } : null };
  }

  private showSession(id: string) {
    const s = this.sessions.get(id);
    return s ? json(200, this.sessionView(s)) : error(404, 'not_found', 'session');
  }

  private cancelSession(id: string) {
    const s = this.sessions.get(id);
    if (!s) return error(404, 'not_found', 'session');
    if (s.status !== 'pending') return error(422, 'invalid_session_status', 'session is not pending');
    s.status = 'cancelled';
    return json(200, this.sessionView(s));
  }

  private createKonbini(b: Record<string, unknown>) {
    const d = (b.payment_details ?? {}) as Record<string, string>;
    if (d.type !== 'konbini') return error(422, 'invalid_payment_type', 'payment_details[type]');
    if (!STORES.includes(d.store ?? '')) return error(400, 'bad_request', 'payment_details[store]');
    if (!d.email) return error(400, 'missing_parameter', 'payment_details[email]');
    const id = newId();
    // Seven-Eleven gives a 13-digit number; the terminal chains a receipt with a confirmation code.
    const terminal = ['lawson', 'family-mart', 'ministop'].includes(d.store!);
    const p: KomojuPayment = {
      id,
      resource: 'payment',
      status: 'authorized',
      amount: b.amount as number,
      currency: 'JPY',
      external_order_num: String(b.external_order_num ?? ''),
      payment_deadline: new Date(Date.now() + 3 * 86400_000).toISOString(),
      payment_details: {
        type: 'konbini',
        store: d.store,
        email: d.email,
        receipt: digits(d.store === 'seven-eleven' ? 13 : 11),
        confirmation_code: terminal ? digits(4) : null,
        instructions_url: `${this.pageBase}/ja/instructions/${id}`,
      },
      session: null,
    };
    this.payments.set(id, p);
    return json(200, p);
  }

  private showPayment(id: string) {
    const p = this.payments.get(id);
    return p ? json(200, p) : error(404, 'not_found', 'payment');
  }

  private cancelPayment(id: string) {
    const p = this.payments.get(id);
    if (!p) return error(404, 'not_found', 'payment');
    if (p.status !== 'pending' && p.status !== 'authorized')
      return error(422, 'invalid_payment_status', `cannot cancel a ${p.status} payment`);
    p.status = 'cancelled';
    return json(200, p);
  }

  private refund(id: string) {
    const p = this.payments.get(id);
    if (!p || p.status !== 'captured') return error(422, 'invalid_payment_status', 'not captured');
    p.status = 'refunded';
    return json(200, p);
  }

  /** The buyer finishes the session's page: KOMOJU makes the payment with this status (completing the session). */
  payOnPage(sessionId: string, status: KomojuPaymentStatus): KomojuPayment {
    const s = this.sessions.get(sessionId)!;
    const id = newId();
    const p: KomojuPayment = {
      id,
      resource: 'payment',
      status,
      amount: s.amount,
      currency: 'JPY',
      external_order_num: s.payment_data?.external_order_num ?? null,
      payment_deadline: null,
      payment_details: { type: s.payment_types[0]! },
      session: s.id,
    };
    this.payments.set(id, p);
    s.payment = p;
    s.status = 'completed';
    return p;
  }

  /** Moves a payment (the store was paid, the deadline passed, …). */
  move(paymentId: string, status: KomojuPaymentStatus): KomojuPayment {
    const p = this.payments.get(paymentId)!;
    p.status = status;
    return p;
  }

  /** A webhook delivery of the payment as it is now (or as given), signed with the webhook secret. */
  event(type: string, payment: KomojuPayment, opts: { id?: string; secret?: string } = {}): KomojuEvent {
    const body = JSON.stringify({
      id: opts.id ?? newId(),
      type,
      resource: 'event',
      data: { ...payment },
      created_at: new Date().toISOString(),
    });
    return { body, signature: signKomojuBody(opts.secret ?? this.webhookSecret, body) };
  }

  sessionOf(providerRef: string) {
    return this.sessions.get(providerRef.replace(/^session:/, ''))!;
  }
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (status: number, code: string, message: string) => json(status, { error: { code, message } });
