import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Fetch Metadata: the browser says the request was started by another site. */
export const isCrossSite = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'cross-site';

/**
 * A top-level GET navigation from another site: SameSite=Lax cookies come with it, so a missing cookie really is
 * a first visit and a guest cookie may be handed out.
 */
export const isCrossSiteNavigation = (request: FastifyRequest) =>
  request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate';

/**
 * Whether `origin` (the Origin header) is this shop: PUBLIC_URL's origin, or the host the request was sent to (a
 * shop reached by another name, e.g. a LAN address or the dev server's proxy, without PUBLIC_URL set). A browser
 * sets Origin itself, so another site cannot make it match.
 */
function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false; // 'null' (sandboxed frames, some redirects) and garbage
  }
}

/**
 * Refuses a state-changing request another site started (Sec-Fetch-Site cross-site, or a foreign Origin): 403, so
 * a forged form post neither acts nor touches the session cookie. Provider webhooks live outside /api's plugin.
 */
export function refuseCrossSiteWrites(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (isCrossSite(request) || (origin !== undefined && !isOwnOrigin(request, origin, publicOrigin))) {
    throw crossSiteRefused();
  }
}

const crossSiteRefused = () => new AppError('forbidden', { general: ['csrf'] }, 'cross_site');

/** For the GETs that change state (the spec's logout): refused when another site started them. */
export function refuseCrossSite(request: FastifyRequest): void {
  if (isCrossSite(request)) throw crossSiteRefused();
}
