import { CSRF_TTL_MS, issueCsrf } from '../../src/http/csrf.ts';
import type { ApiClient } from '../api-client.ts';
import type { TestShop } from '../test-shop.ts';
import { fingerprint } from './db-fingerprint.ts';
import { fillPath, type Discovery, type PostRoute } from './route-discovery.ts';

/**
 * The garbage the bad-input walks throw at every POST route (the storefront's /api in bad-input.test.ts, the
 * console's /api/admin in bad-input-admin.test.ts), and the one check of each reply: an envelope with a 4xx state,
 * a non-empty `errors` in the caller's language, nothing internal leaked, and the database unchanged.
 */

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]/;
const HUGE_TEXT = 'x'.repeat(10_001);
const OVERSIZE_JSON = JSON.stringify({ mail: 'y'.repeat(70 * 1024) });

/** [label, value, whether a route that takes `{}` must blame the very field for it] */
type Garbage = [string, unknown, boolean];
const GARBAGE: Garbage[] = [
  ['null', null, true],
  ['object', {}, true],
  ['array', [], true],
  ['operator object', { $gt: '' }, true],
  ['1e308', 1e308, true],
  ['2**63', 2 ** 63, true],
  ['1.5', 1.5, true],
  ['-1', -1, false],
  ['10,001 characters', HUGE_TEXT, true],
  ['HTML', '<script>alert(1)</script>', false],
  ['SQL', "'; DROP TABLE members;--", false],
];
// Ids nobody has: garbage for fields that name a record (a 9-digit string is a fine password, so only these).
const UNKNOWN_IDS: Garbage[] = [
  ['unknown id', 999_999_999, false],
  ['unknown id as text', '999999999', false],
];
const ID_FIELD = /(^id$|_id$|Id$|_ids$|Ids$|index$|token$|_card$)/;
// Markup and SQL are fine words in a free-text field (a staff member's reason for suspending a member): they are
// stored as text and shown escaped. Where such a field is all a route needs, `{reason: '<script>…'}` is a complete,
// valid request, not garbage, so those two values are not thrown at it alone.
const FREE_TEXT_FIELD = /^(reason|note|comment|memo)$/;
const WORDS_NOT_GARBAGE = new Set(['HTML', 'SQL']);
// Fastify refuses path parameters over 100 characters before routing (maxParamLength), so stay just under it.
const LONG_PARAM = 'x'.repeat(99);
const BAD_PARAMS = ['<script>', '-1', '1e308', "'; DROP TABLE members;--", LONG_PARAM, '0', '1.5'];

export interface Attempt {
  label: string;
  path: string;
  lang: 'ja' | 'en';
  /** A raw body and content type; by default a form with the client's CSRF pair and `json`. */
  form?: (c: ApiClient) => string;
  contentType?: string;
  /** The field that alone is wrong, when the route accepts `{}`: the reply should name it. */
  blame?: string;
}

const form = (csrf: { csrf_name: string; csrf_value: string } | null, json: string) =>
  new URLSearchParams({ ...(csrf ?? {}), json }).toString();

export function attemptsFor(
  shop: TestShop,
  route: PostRoute,
  fields: string[],
  acceptsEmpty: boolean,
  other: ApiClient,
  id?: string,
): Attempt[] {
  const path = fillPath(route, id).replace(/^\/api/, '');
  const out: Attempt[] = [];
  for (const lang of ['ja', 'en'] as const) {
    const payload = JSON.stringify(Object.fromEntries(fields.map((f) => [f, 'x'])));
    out.push(
      { label: 'no CSRF pair', path, lang, form: () => form(null, payload) },
      { label: 'CSRF pair of another session', path, lang, form: () => form(other.csrf, payload) },
      {
        label: 'stale CSRF pair',
        path,
        lang,
        form: (c) =>
          form(issueCsrf(shop.ctx.config.sessionSecret, c.cookie('sid')!, Date.now() - CSRF_TTL_MS - 60_000), payload),
      },
      {
        label: 'CSRF value of a different name',
        path,
        lang,
        form: (c) => form({ ...c.csrf!, csrf_value: 'A'.repeat(43) }, payload),
      },
      { label: 'non-JSON json', path, lang, form: (c) => form(c.csrf, '{"mail": ') },
      { label: 'JSON array', path, lang, form: (c) => form(c.csrf, '[{"mail":"a@b.jp"}]') },
      { label: 'JSON number', path, lang, form: (c) => form(c.csrf, '12345') },
      { label: 'JSON null', path, lang, form: (c) => form(c.csrf, 'null') },
      { label: 'json sent twice', path, lang, form: (c) => `${form(c.csrf, '{}')}&json=%7B%7D` },
      { label: 'a JSON body instead of a form', path, lang, form: () => payload, contentType: 'application/json' },
      { label: 'a plain-text body', path, lang, form: (c) => form(c.csrf, '{}'), contentType: 'text/plain' },
      { label: 'a body over the size limit', path, lang, form: (c) => form(c.csrf, OVERSIZE_JSON) },
    );
  }
  let n = 0;
  for (const [label, value, blames] of [...GARBAGE, ...UNKNOWN_IDS]) {
    const lang = n++ % 2 ? 'en' : 'ja';
    const isIdValue = UNKNOWN_IDS.some((g) => g[1] === value);
    const valid = (f: string) => fields.length === 1 && FREE_TEXT_FIELD.test(f) && WORDS_NOT_GARBAGE.has(label);
    for (const f of fields.filter((x) => (!isIdValue || ID_FIELD.test(x)) && !valid(x))) {
      out.push({
        label: `${f} = ${label}`,
        path,
        lang: n++ % 2 ? 'en' : 'ja',
        form: (c) => form(c.csrf, JSON.stringify({ [f]: value })),
        ...(acceptsEmpty && blames ? { blame: f } : {}),
      });
    }
    if (fields.length > 1 && !isIdValue) {
      const all = JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
      out.push({ label: `every field = ${label}`, path, lang, form: (c) => form(c.csrf, all) });
    }
  }
  for (const param of route.params) {
    for (const bad of BAD_PARAMS) {
      const p = route.url.replace(new RegExp(`:${param}\\??`), encodeURIComponent(bad));
      out.push({
        label: `path ${param} = ${bad.slice(0, 30)}`,
        path: fillPath({ url: p, params: [] }).replace(/^\/api/, ''),
        lang: n++ % 2 ? 'en' : 'ja',
        form: (c) => form(c.csrf, '{}'),
      });
    }
  }
  return out;
}

/** Sends one attempt and lists what is wrong with the reply (empty when it is a proper refusal). */
export async function check(
  shop: TestShop,
  fpQuery: string,
  c: ApiClient,
  a: Attempt,
  before: string,
): Promise<{ problems: string[]; fingerprint: string }> {
  const res = await c.raw(`/api${a.path}`, {
    method: 'POST',
    headers: { 'content-type': a.contentType ?? 'application/x-www-form-urlencoded' },
    body: a.form!(c),
  });
  const text = await res.text();
  let body: {
    state?: unknown;
    errors?: Record<string, unknown>;
    csrf?: { csrf_name: string; csrf_value: string };
    page?: { page?: unknown };
  };
  try {
    body = JSON.parse(text);
  } catch {
    return { problems: [`not JSON (HTTP ${res.status}): ${text.slice(0, 80)}`], fingerprint: before };
  }
  if (body.csrf) c.csrf = body.csrf;
  const problems: string[] = [];
  const state = body.state;
  if (typeof state !== 'number') problems.push('no numeric state');
  else if (state < 400 || state >= 500) problems.push(`state ${state}`);
  else if (res.status !== state) problems.push(`HTTP ${res.status} for state ${state}`);
  if (!body.csrf?.csrf_name) problems.push('no csrf pair');
  const messages = Object.values(body.errors ?? {}).flatMap((v) => (Array.isArray(v) ? v : [v]));
  if (messages.length === 0) problems.push('no errors');
  for (const m of messages) {
    if (typeof m !== 'string' || m.trim() === '') problems.push(`empty message ${JSON.stringify(m)}`);
    else if (a.lang === 'ja' && !JAPANESE.test(m)) problems.push(`not Japanese: "${m}"`);
    else if (a.lang === 'en' && JAPANESE.test(m)) problems.push(`not English: "${m}"`);
  }
  if (a.blame && !(a.blame in (body.errors ?? {}))) {
    problems.push(`errors do not name ${a.blame}: ${JSON.stringify(body.errors)}`);
  }
  // SQL in capitals only: "Select at least one shipment" is a message, "SELECT id FROM" a leak. The CSRF pair is
  // random base64, which now and then spells "stack" or "UPDATE", so it is left out of what is read.
  const shown = JSON.stringify({ ...body, csrf: undefined });
  if (shown.includes('    at ') || /\b(SELECT|INSERT|UPDATE|DELETE FROM)\b/.test(shown) || /stack/i.test(shown))
    problems.push('leaks internals');
  const after = await fingerprint(shop, fpQuery);
  if (after !== before) problems.push(`database changed: ${diff(before, after)}`);
  return { problems, fingerprint: after };
}

/** The parts of two fingerprints that differ, e.g. `members: 1a2b → 3c4d`. */
function diff(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(b)
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k}: ${String(a[k])} → ${String(b[k])}`)
    .join(', ');
}

/** What one caller's walk needs: its client per language, a client of another session, and its probe session. */
export interface Caller {
  kind: string;
  clients: Record<'ja' | 'en', ApiClient>;
  other: ApiClient;
  /** Probes `{}` at a route as this caller (discovery.probe with the right cookies), at `route` filled with `id`. */
  probe(route: PostRoute, id?: string): Promise<{ state: number; errorFields: string[] }>;
  /**
   * The id to put in a route's path parameter (default: one nobody has). With a real record's id, the garbage meets
   * the route's own validation instead of its "not found".
   */
  idFor?(route: PostRoute): string | undefined;
}

/**
 * Throws every attempt at every route of `routes` as `caller`, one after the other, and lists each reply that is
 * not a proper refusal, or after which the database differs.
 */
export async function walk(
  shop: TestShop,
  fpQuery: string,
  discovery: Discovery,
  routes: PostRoute[],
  caller: Caller,
): Promise<{ failures: string[]; total: number; baseline: string; final: string }> {
  const plans: { route: PostRoute; attempts: Attempt[] }[] = [];
  for (const route of routes) {
    const id = caller.idFor?.(route);
    const probe = await caller.probe(route, id);
    const fields = [
      ...new Set([
        ...discovery.fieldsRead(route.url),
        ...probe.errorFields.filter((f) => f !== 'general' && f !== 'json'),
      ]),
    ];
    const acceptsEmpty = probe.state < 400 || probe.state >= 500;
    plans.push({ route, attempts: attemptsFor(shop, route, fields, acceptsEmpty, caller.other, id) });
  }
  // Taken after the probes: a probe of `{}` is a real request, and may be one a route rightly carries out.
  const baseline = await fingerprint(shop, fpQuery);
  let before = baseline;
  const failures: string[] = [];
  let total = 0;
  for (const { route, attempts } of plans) {
    for (const a of attempts) {
      total++;
      const { problems, fingerprint: after } = await check(shop, fpQuery, caller.clients[a.lang], a, before);
      // A change is reported once, at the attempt that made it, not again at every attempt after it.
      before = after;
      if (problems.length) failures.push(`${route.url} [${a.label}, ${a.lang}]: ${problems.join('; ')}`);
    }
  }
  console.info(`bad input as ${caller.kind}: ${total} attempts at ${plans.length} POST routes`);
  return { failures, total, baseline, final: before };
}
