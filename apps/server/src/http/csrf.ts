import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless CSRF tokens: the name carries the issue time, the value is an HMAC of session id and name.
 * Any token issued to this session in the last CSRF_TTL_MS is accepted, so parallel requests and a second tab
 * keep working without a database write per request (DESIGN.md section 3).
 */
export const CSRF_TTL_MS = 2 * 60 * 60 * 1000;

export interface CsrfPair {
  csrf_name: string;
  csrf_value: string;
}

const sign = (secret: string, sid: string, name: string) =>
  createHmac('sha256', secret).update(`csrf|${sid}|${name}`).digest('base64url');

export function issueCsrf(secret: string, sid: string, now = Date.now()): CsrfPair {
  const name = `csrf${now.toString(36)}`;
  return { csrf_name: name, csrf_value: sign(secret, sid, name) };
}

/**
 * How long an instance hands the same pair to a session again (ADR 0057): any pair of the last CSRF_TTL_MS is
 * accepted, so a pair a few seconds old is as good as a fresh one, and a waiting room polled by thousands does not
 * pay an HMAC per reply. Far below the TTL, so a stored pair still has hours to live.
 */
export const CSRF_REUSE_MS = 30_000;
const REUSE_MAX = 200_000;
const recent = new Map<string, { secret: string; at: number; pair: CsrfPair }>();

/** issueCsrf, or the pair this process issued to `sid` in the last CSRF_REUSE_MS. */
export function recentCsrf(secret: string, sid: string, now = Date.now()): CsrfPair {
  const hit = recent.get(sid);
  if (hit && hit.secret === secret && now - hit.at >= 0 && now - hit.at < CSRF_REUSE_MS) return hit.pair;
  // A bound on memory (session ids come from cookies): past it, start afresh.
  if (recent.size >= REUSE_MAX) recent.clear();
  const pair = issueCsrf(secret, sid, now);
  recent.set(sid, { secret, at: now, pair });
  return pair;
}

export function verifyCsrf(secret: string, sid: string, name: unknown, value: unknown, now = Date.now()): boolean {
  if (!sid || typeof name !== 'string' || typeof value !== 'string') return false;
  const m = /^csrf([0-9a-z]{6,12})$/.exec(name);
  if (!m) return false;
  const issued = parseInt(m[1]!, 36);
  if (!(issued <= now + 60_000 && now - issued <= CSRF_TTL_MS)) return false;
  const expected = Buffer.from(sign(secret, sid, name));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
