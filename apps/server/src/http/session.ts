import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  createMemberSession,
  endMemberSession,
  findSessionMember,
  newSessionId,
  PERSISTENT_SESSION_DAYS,
} from '../services/sessions.ts';
import { isCrossSite, isCrossSiteNavigation } from './cross-site.ts';

/** The session cookie of a request; the store behind it is services/sessions.ts. */
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

const SID_PATTERN = /^[gm]\.[A-Za-z0-9_-]{43}$/;

function setCookie(ctx: AppContext, reply: FastifyReply, sid: string, persistent: boolean) {
  reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    ...(persistent ? { maxAge: PERSISTENT_SESSION_DAYS * 24 * 3600 } : {}),
  });
}

/** Hands the browser a fresh guest id (no database row). */
function startGuestSession(ctx: AppContext, reply: FastifyReply): RequestSession {
  const guest = newSessionId('g');
  setCookie(ctx, reply, guest, false);
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
): Promise<RequestSession> {
  const sid = request.cookies[SESSION_COOKIE];
  if (sid && SID_PATTERN.test(sid)) {
    if (sid.startsWith('g.')) return { sid, memberId: null };
    const memberId = await findSessionMember(ctx, sid);
    if (memberId !== null) return { sid, memberId };
  }
  if (isCrossSite(request) && !isCrossSiteNavigation(request)) return { sid: newSessionId('g'), memberId: null };
  return startGuestSession(ctx, reply);
}

/** Starts a member session and sets its cookie (persistent for 30 days, or ending with the browser). */
export async function startMemberSession(
  ctx: AppContext,
  reply: FastifyReply,
  memberId: number,
  persistent: boolean,
): Promise<RequestSession> {
  const sid = await createMemberSession(ctx, memberId, persistent);
  setCookie(ctx, reply, sid, persistent);
  return { sid, memberId };
}

/** Ends the member session and hands the browser a fresh guest id. */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestSession> {
  if (request.session.memberId !== null) await endMemberSession(ctx, request.session.sid);
  return startGuestSession(ctx, reply);
}
