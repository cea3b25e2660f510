import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isCrossSite, isCrossSiteNavigation } from './cross-site.ts';
import type { ShopLookups } from './shop-lookups.ts';

/**
 * The session cookie of a request; the store behind it is services/sessions.ts, asked through ShopLookups. A
 * member session starts and ends in routes/account/member-session.ts.
 */
export const SESSION_COOKIE = 'sid';

export interface RequestSession {
  /** Cookie value; guests get one too, so CSRF tokens can be bound to something before login. */
  sid: string;
  memberId: number | null;
}

/**
 * The session of a request whose session could not be loaded (the database failed): replies to it carry no CSRF
 * pair, since a pair bound to a shared placeholder id would be valid for everyone who got one.
 */
export const NO_SESSION: RequestSession = Object.freeze({ sid: '', memberId: null });

/** A guest's ('g.', no database row) or a member's ('m.', services/sessions.ts newSessionId) session id. */
const SID_PATTERN = /^[gm]\.[A-Za-z0-9_-]{43}$/;
const newGuestId = () => `g.${randomBytes(32).toString('base64url')}`;

/** Sets the session cookie: for `maxAgeSeconds`, or (null) until the browser closes. */
export function setSessionCookie(ctx: AppContext, reply: FastifyReply, sid: string, maxAgeSeconds: number | null) {
  reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    ...(maxAgeSeconds !== null ? { maxAge: maxAgeSeconds } : {}),
  });
}

/** Hands the browser a fresh guest id (no database row). */
export function startGuestSession(ctx: AppContext, reply: FastifyReply): RequestSession {
  const guest = newGuestId();
  setSessionCookie(ctx, reply, guest, null);
  return { sid: guest, memberId: null };
}

/**
 * Resolves the request's session: a live member session, the guest id it carries, or a new guest id. A request
 * another site started (but a top-level GET navigation) comes without the SameSite=Lax cookie even when the browser
 * has one, so its guest id is not set as a cookie: it would replace a member's.
 */
export async function loadSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionMember: ShopLookups['sessionMember'],
): Promise<RequestSession> {
  const sid = request.cookies[SESSION_COOKIE];
  if (sid && SID_PATTERN.test(sid)) {
    if (sid.startsWith('g.')) return { sid, memberId: null };
    const memberId = await sessionMember(ctx, sid);
    if (memberId !== null) return { sid, memberId };
  }
  if (isCrossSite(request) && !isCrossSiteNavigation(request)) return { sid: newGuestId(), memberId: null };
  return startGuestSession(ctx, reply);
}
