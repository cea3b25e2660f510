import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The header a test tool sends the sandbox secret in (the browser gets the cookie from /sandbox/login instead). */
export const SANDBOX_SECRET_HEADER = 'x-sandbox-secret';
const COOKIE = 'sandbox_access';
const COOKIE_HOURS = 12;

/**
 * What a member's browser reaches without the secret: the card company's token endpoint (the shop's card form posts
 * there), a payment's own page (its id is 96 random bits handed only to the payer, like a provider's hosted page)
 * and the wallet sign-in (its payload carries the merchant's signature). Everything else (making members with
 * points, the outbox with every mail, maintenance, the list of every open payment) needs the secret.
 */
const MEMBER_FACING = new Set(['/sandbox/card/token', '/sandbox/pay/:id', '/sandbox/pay/wallet-signin']);

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The cookie holds a value derived from the secret, so the secret itself never sits in a browser's cookie jar. */
const cookieValue = (secret: string) => createHmac('sha256', secret).update('sandbox-access').digest('base64url');

function cookieOf(request: FastifyRequest): string {
  return /(?:^|;\s*)sandbox_access=([A-Za-z0-9_-]{43})(?:;|$)/.exec(String(request.headers.cookie ?? ''))?.[1] ?? '';
}

function deny(reply: FastifyReply) {
  return reply
    .code(401)
    .header('cache-control', 'no-store')
    .send({
      error: `sandbox secret required: send the ${SANDBOX_SECRET_HEADER} header or open /sandbox/login?secret=…`,
    });
}

/**
 * Puts a shop's /sandbox behind SANDBOX_SECRET when one is configured (required with NODE_ENV=production and
 * SANDBOX=1, see config.ts); without one (development) the sandbox stays open as before. Call inside the /sandbox
 * plugin, before its routes.
 */
export function guardSandbox(app: FastifyInstance, secret: string | null, secureCookies: boolean) {
  if (!secret) return;
  const expectedCookie = cookieValue(secret);

  // GET /sandbox/login?secret=…: a tester's browser gets a cookie for the sandbox pages and tools, once.
  app.get<{ Querystring: { secret?: string } }>('/login', async (request, reply) => {
    if (!same(String(request.query.secret ?? ''), secret)) return deny(reply);
    const attrs = ['Path=/sandbox', 'HttpOnly', 'SameSite=Strict', `Max-Age=${COOKIE_HOURS * 3600}`];
    if (secureCookies) attrs.push('Secure');
    // The secret was in the URL: send the browser on at once so it leaves the address bar and history.
    return reply
      .header('set-cookie', `${COOKIE}=${expectedCookie}; ${attrs.join('; ')}`)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect('/sandbox/pay', 303);
  });

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (MEMBER_FACING.has(route) || route === '/sandbox/login') return;
    const header = request.headers[SANDBOX_SECRET_HEADER];
    if (typeof header === 'string' && same(header, secret)) return;
    if (same(cookieOf(request), expectedCookie)) return;
    return deny(reply);
  });
}
