import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_TTL_MS, issueCsrf } from '../src/http/csrf.ts';
import type { ApiClient } from './api-client.ts';
import { fingerprint, fingerprintQuery } from './bad-input/db-fingerprint.ts';
import { discoverPostRoutes, fillPath, type Discovery, type PostRoute } from './bad-input/route-discovery.ts';
import { buildMember, type TestMember } from './factories.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

/**
 * Issue 2 "Bad input": every POST route under /api (found at test time, see bad-input/route-discovery.ts) gets
 * garbage as a guest and as a member. Each reply must be an envelope with a 4xx state (never 200, never 5xx),
 * a non-empty `errors` whose messages are in the caller's language, and the database must not change.
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
// Fastify refuses path parameters over 100 characters before routing (maxParamLength), so stay just under it.
const LONG_PARAM = 'x'.repeat(99);
const BAD_PARAMS = ['<script>', '-1', '1e308', "'; DROP TABLE members;--", LONG_PARAM, '0', '1.5'];

interface Attempt {
  label: string;
  path: string;
  lang: 'ja' | 'en';
  /** A raw body and content type; by default a form with the client's CSRF pair and `json`. */
  form?: (c: ApiClient) => string;
  contentType?: string;
  /** The field that alone is wrong, when the route accepts `{}`: the reply should name it. */
  blame?: string;
}

let shop: TestShop;
let discovery: Discovery;
let member: TestMember;
let fpQuery: string;
const clients: Record<'guest' | 'member', Record<'ja' | 'en', ApiClient>> = {} as never;

beforeAll(async () => {
  shop = await startTestShop();
  discovery = await discoverPostRoutes(shop.ctx);
  member = await buildMember(shop, { paidPoints: 1000, freePoints: 100, coins: 10 });
  const memberEn = shop.client('en');
  memberEn.setCookie('sid', member.client.cookie('sid')!);
  clients.guest = { ja: shop.client('ja'), en: shop.client('en') };
  clients.member = { ja: member.client, en: memberEn };
  for (const kind of ['guest', 'member'] as const)
    for (const c of Object.values(clients[kind])) await c.get('/user/point');
  fpQuery = await fingerprintQuery(shop);
});
afterAll(async () => {
  await discovery?.close();
  await shop?.close();
});

const form = (csrf: { csrf_name: string; csrf_value: string } | null, json: string) =>
  new URLSearchParams({ ...(csrf ?? {}), json }).toString();

function attemptsFor(route: PostRoute, fields: string[], acceptsEmpty: boolean, other: ApiClient): Attempt[] {
  const path = fillPath(route).replace(/^\/api/, '');
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
    for (const f of fields.filter((x) => !isIdValue || ID_FIELD.test(x))) {
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
async function check(c: ApiClient, a: Attempt, before: string): Promise<{ problems: string[]; fingerprint: string }> {
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
  if (text.includes('    at ') || /\bSELECT\b|\bINSERT\b|stack/i.test(text)) problems.push('leaks internals');
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

async function attackAll(kind: 'guest' | 'member') {
  const sid = kind === 'member' ? member.client.cookie('sid')! : null;
  const plans: { route: PostRoute; attempts: Attempt[] }[] = [];
  // Probing `{}` (a harmless request) as a member first tells which fields even a login-only route reads, so the
  // guest pass throws field garbage at those routes too; the caller's own probe says whether it needs any input.
  const memberSid = member.client.cookie('sid')!;
  for (const route of discovery.routes) await discovery.probe(route, memberSid);
  for (const route of discovery.routes) {
    const probe = await discovery.probe(route, sid);
    const fields = [
      ...new Set([
        ...discovery.fieldsRead(route.url),
        ...probe.errorFields.filter((f) => f !== 'general' && f !== 'json'),
      ]),
    ];
    const acceptsEmpty = probe.state < 400 || probe.state >= 500;
    const other = kind === 'guest' ? clients.member.ja : clients.guest.ja;
    plans.push({ route, attempts: attemptsFor(route, fields, acceptsEmpty, other) });
  }
  let before = await fingerprint(shop, fpQuery);
  const failures: string[] = [];
  let total = 0;
  for (const { route, attempts } of plans) {
    for (const a of attempts) {
      total++;
      const { problems, fingerprint: after } = await check(clients[kind][a.lang], a, before);
      // A change is reported once, at the attempt that made it, not again at every attempt after it.
      before = after;
      if (problems.length) failures.push(`${route.url} [${a.label}, ${a.lang}]: ${problems.join('; ')}`);
    }
  }
  console.info(`bad input as ${kind}: ${total} attempts at ${plans.length} POST routes`);
  return { failures, total };
}

describe('bad input at every POST route', () => {
  it('finds the routes and the fields they read', async () => {
    const urls = discovery.routes.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/user/login', '/api/user/append', '/api/user/append_address']));
    await discovery.probe(
      discovery.routes.find((r) => r.url === '/api/user/login')!,
      null,
    );
    expect(discovery.fieldsRead('/api/user/login')).toEqual(['mail', 'pass', 'save_cookie']);
  });

  it('refuses everything thrown at it as a guest and changes nothing', { timeout: 600_000 }, async () => {
    const { failures, total } = await attackAll('guest');
    expect(total).toBeGreaterThan(discovery.routes.length * 20);
    expect(failures).toEqual([]);
  });

  it('refuses everything thrown at it as a member and changes nothing', { timeout: 600_000 }, async () => {
    const { failures, total } = await attackAll('member');
    expect(total).toBeGreaterThan(discovery.routes.length * 20);
    expect(failures).toEqual([]);
    // The member stayed logged in throughout, so these really were member requests.
    expect((await member.client.get('/user/point')).is_login).toBe('1');
  });
});
