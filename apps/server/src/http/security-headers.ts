import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

// What Stripe.js needs (Stripe's CSP guide): its script, its card and 3-D Secure frames, and its API.
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The security headers of every reply (issue 12 A6): a Content-Security-Policy that allows only the shop's own
 * files (the built SPA loads nothing else; React sets styles through the DOM, which CSP does not govern), plus
 * Stripe.js when Stripe is the provider; no framing; nosniff; a referrer policy; HSTS in production only (a
 * development shop on http://localhost must not pin HTTPS).
 */
export function securityHeaders(config: Config): HelmetOptions {
  const stripe = config.payments.provider === 'stripe';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
        styleSrc: ["'self'"],
        // Style attributes only (never a <style> element): the pages the server draws carry React's style props
        // as attributes (ADR 0052), which `style-src 'self'` would drop; in the browser React sets the same
        // through the DOM, which CSP never governed.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE.connect : [])],
        frameSrc: stripe ? STRIPE.frame : ["'none'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Payment pages may open the provider in a popup (wallets); the popup must still be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: config.production ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet writes for these options, worked out once. They are the same for every reply, and
 * @fastify/helmet built helmet's middleware again on every request (parsing the policy each time): 8% of the
 * server's CPU in the launch-day rush.
 */
export function securityHeaderValues(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaders(config))({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an /api reply needs (OWASP's REST guidance): it is JSON, never a document, so a policy that allows nothing,
 * no framing, nosniff, the referrer policy and HSTS. The page policy above is 1 kB a reply; the launch-day rush
 * sends two API replies a purchase and paid for those bytes on the loopback (CPU per purchase).
 */
export function apiHeaderValues(config: Config): Record<string, string> {
  const page = securityHeaderValues(config);
  const keep = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(keep.filter((h) => page[h] !== undefined).map((h) => [h, page[h]!])),
  };
}

/** Sends the security headers with every reply: the page set with pages, files, errors; the API set under /api. */
export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pages = securityHeaderValues(config);
  const api = apiHeaderValues(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : pages);
    done();
  });
}

/**
 * The sandbox payment company's pages (dev and staging only) are server-rendered with an inline <style> and no
 * scripts: their own policy allows exactly that.
 */
const SANDBOX_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
].join('; ');

export function relaxSandboxPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/sandbox/') || request.url === '/sandbox') {
      reply.header('content-security-policy', SANDBOX_POLICY);
    }
  });
}
