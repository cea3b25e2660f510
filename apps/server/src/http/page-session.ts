import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { loadSession, type RequestSession } from './session.ts';
import type { ShopLookups } from './shop-lookups.ts';

/**
 * Hands out the session cookie with a page of the SPA (so its first parallel API calls share one session id), but
 * never at the cost of the page: when the session cannot be read (the database is down) the page is served without
 * it, and the SPA's first API call answers 503 and shows the shop as unavailable, instead of the browser showing a
 * bare 500 for every member.
 */
export async function handOutPageSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionMember: ShopLookups['sessionMember'],
): Promise<RequestSession | null> {
  try {
    return await loadSession(ctx, request, reply, sessionMember);
  } catch (err) {
    request.log.warn({ err }, 'page served without its session');
    return null;
  }
}
