import { createHmac, timingSafeEqual } from 'node:crypto';
import { PartnerUnavailableError, type PartnerDebitOutcome, type PartnerGateway } from './gateway.ts';

/** How long a partner call may take before the transfer is left pending for the reconcile job. */
const TIMEOUT_MS = 5000;
/** How far a request's timestamp may be from the partner's clock (the partner refuses older ones: no replays). */
export const PARTNER_SIGNATURE_TOLERANCE_S = 300;

/**
 * The signature of a partner request (ADR 0023): hex HMAC-SHA256 with the shared secret over the timestamp (unix
 * seconds), the method, the path, the idempotency key (or '') and the body, one per line. Both sides compute it.
 */
export function partnerSignature(
  secret: string,
  r: { timestamp: string; method: string; path: string; idempotencyKey: string; body: string },
): string {
  return createHmac('sha256', secret)
    .update([r.timestamp, r.method, r.path, r.idempotencyKey, r.body].join('\n'))
    .digest('hex');
}

/** What a partner (or our fake partner in tests) checks: a fresh timestamp and the right signature. */
export function verifyPartnerSignature(
  secret: string,
  r: { timestamp: string; method: string; path: string; idempotencyKey: string; body: string; signature: string },
  nowMs = Date.now(),
): boolean {
  const ts = Number(r.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > PARTNER_SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(partnerSignature(secret, r), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(r.signature) ? r.signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A partner site's HTTP API: POST /v1/login, GET /v1/accounts/{account}/balance, POST /v1/debits (with an
 * Idempotency-Key header; the partner answers a repeated key with its first outcome). Every request is signed.
 */
export class HttpPartnerGateway implements PartnerGateway {
  constructor(
    private readonly endpoint: string,
    private readonly secret: string,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body: object | null, idempotencyKey = '') {
    const text = body ? JSON.stringify(body) : '';
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const url = new URL(path.replace(/^\//, ''), this.endpoint.endsWith('/') ? this.endpoint : `${this.endpoint}/`);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-partner-timestamp': timestamp,
      'x-partner-signature': partnerSignature(this.secret, {
        timestamp,
        method,
        path: url.pathname,
        idempotencyKey,
        body: text,
      }),
    };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body ? text : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PartnerUnavailableError(`partner unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new PartnerUnavailableError(`partner answered ${res.status}`);
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (json === null) throw new PartnerUnavailableError('partner answered no JSON');
    return { status: res.status, json };
  }

  async login(input: { loginid: string; password: string; tel: string }) {
    const { status, json } = await this.call('POST', '/v1/login', input);
    return status === 200 && typeof json.account === 'string' ? { account: json.account } : null;
  }

  async balance(account: string) {
    const { status, json } = await this.call('GET', `/v1/accounts/${encodeURIComponent(account)}/balance`, null);
    if (status !== 200 || !Number.isSafeInteger(json.balance)) throw new PartnerUnavailableError('bad balance reply');
    return json.balance as number;
  }

  async debit(input: { account: string; point: number; idempotencyKey: string }): Promise<PartnerDebitOutcome> {
    const body = { account: input.account, point: input.point };
    const { status, json } = await this.call('POST', '/v1/debits', body, input.idempotencyKey);
    if (status === 200 && json.status === 'done') return { status: 'done' };
    if (status === 422 || json.status === 'refused') return { status: 'refused', reason: String(json.reason ?? '') };
    throw new PartnerUnavailableError(`unexpected debit reply ${status}`);
  }
}
