import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { setSessionCookie, startGuestSession, type RequestSession } from '../../http/session.ts';
import { createMemberSession, endMemberSession, PERSISTENT_SESSION_DAYS } from '../../services/sessions.ts';

/**
 * A member session's start and end as the routes that sign in and out do them: the store (services/sessions.ts)
 * and the cookie (http/session.ts) together.
 */

/** Starts a member session and sets its cookie (persistent for 30 days, or ending with the browser). */
export async function startMemberSession(
  ctx: AppContext,
  reply: FastifyReply,
  memberId: number,
  persistent: boolean,
): Promise<RequestSession> {
  const sid = await createMemberSession(ctx, memberId, persistent);
  setSessionCookie(ctx, reply, sid, persistent ? PERSISTENT_SESSION_DAYS * 24 * 3600 : null);
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
