/**
 * A thin typed client of KOMOJU's documented REST API v1 (https://doc.komoju.com/reference; KOMOJU publishes no
 * Node SDK on npm). Only what the shop uses: sessions (the hosted page of a redirect method), payments (a konbini
 * payment made directly, since its receipt is needed at once), cancel and refund. HTTP Basic authentication with
 * the secret key as user name; JSON bodies. Field names are the documents'; see ADR 0042.
 */

export type KomojuPaymentStatus =
  'pending' | 'authorized' | 'captured' | 'refunded' | 'cancelled' | 'expired' | 'failed';

/** payment_details of a payment reply; konbini carries the numbers the buyer takes to the store. */
export interface KomojuPaymentDetails {
  type: string;
  store?: string;
  email?: string;
  receipt?: string | null;
  confirmation_code?: string | null;
  instructions_url?: string | null;
}

export interface KomojuPayment {
  id: string;
  resource: 'payment';
  status: KomojuPaymentStatus;
  amount: number;
  currency: string;
  external_order_num: string | null;
  payment_deadline: string | null;
  payment_details: KomojuPaymentDetails | null;
  /** The session the payment was made in (payments made through a session). */
  session?: string | null;
  metadata?: Record<string, string>;
}

export interface KomojuSession {
  id: string;
  resource: 'session';
  mode: 'payment';
  amount: number;
  currency: string;
  session_url: string;
  return_url: string;
  status: 'pending' | 'completed' | 'cancelled';
  payment: KomojuPayment | null;
  payment_data?: { external_order_num?: string };
}

export interface CreateSessionParams {
  amount: number;
  currency: 'JPY';
  return_url: string;
  /** The only payment method offered on the hosted page, so the buyer goes straight to it. */
  payment_types: string[];
  email?: string;
  default_locale: 'ja' | 'en';
  payment_data: { external_order_num: string };
  metadata?: Record<string, string>;
}

export interface CreatePaymentParams {
  amount: number;
  currency: 'JPY';
  external_order_num: string;
  payment_details: { type: 'konbini'; store: string; email: string };
  metadata?: Record<string, string>;
}

/** A refusal KOMOJU answered (4xx/5xx with its error object), or a network failure (status 0). */
export class KomojuError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface KomojuClient {
  createSession(p: CreateSessionParams): Promise<KomojuSession>;
  getSession(id: string): Promise<KomojuSession>;
  cancelSession(id: string): Promise<KomojuSession>;
  createPayment(p: CreatePaymentParams): Promise<KomojuPayment>;
  getPayment(id: string): Promise<KomojuPayment>;
  cancelPayment(id: string): Promise<KomojuPayment>;
  refundPayment(id: string, amount?: number): Promise<KomojuPayment>;
}

export function createKomojuClient(opts: {
  secretKey: string;
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): KomojuClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.apiBase.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;

  /**
   * `idempotencyKey` (POST only): KOMOJU runs a POST with the same X-KOMOJU-IDEMPOTENCY key at most once within 24
   * hours and answers a repeat with the first reply (409 while the first is still running), so a create retried after
   * a timeout or a crash does not make a second session or payment.
   */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'x-komoju-idempotency': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new KomojuError(0, 'network', `KOMOJU unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new KomojuError(res.status, 'bad_response', 'KOMOJU answered something that is not JSON');
    }
    if (!res.ok) {
      const e = (json as { error?: { code?: string; message?: string } } | null)?.error;
      throw new KomojuError(res.status, e?.code ?? 'unknown', e?.message ?? `KOMOJU answered ${res.status}`);
    }
    return json as T;
  }

  const id = (v: string) => encodeURIComponent(v);
  return {
    // Our payment's reference is unique per order, so it keys its create (at most 100 ASCII characters).
    createSession: (p) => call('POST', '/sessions', p, `session-${p.payment_data.external_order_num}`),
    getSession: (s) => call('GET', `/sessions/${id(s)}`),
    cancelSession: (s) => call('POST', `/sessions/${id(s)}/cancel`),
    createPayment: (p) => call('POST', '/payments', p, `payment-${p.external_order_num}`),
    getPayment: (p) => call('GET', `/payments/${id(p)}`),
    cancelPayment: (p) => call('POST', `/payments/${id(p)}/cancel`),
    refundPayment: (p, amount) => call('POST', `/payments/${id(p)}/refund`, amount ? { amount } : {}),
  };
}
