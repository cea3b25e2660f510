import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATE_MAINTENANCE, type FieldErrors, type Lang } from '@oripa/core';
import { translateAdminMessage } from '@oripa/core/admin';
import { recentCsrf } from './csrf.ts';

/** HTTP status that accompanies an envelope state: errors keep their code so proxies and logs see them. */
export function httpStatusFor(state: number): number {
  if (state === STATE_MAINTENANCE) return 503;
  if (state >= 400 && state < 600) return state;
  return 200;
}

/** The console's messages (@oripa/core/admin) are looked up first, then the shop's. */
export function translateFields(lang: Lang, fields: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, list]) => [k, list.map((m) => translateAdminMessage(lang, m))]),
  );
}

/**
 * Every /api reply: `state`, the payload, and a recent CSRF pair bound to the (possibly new) session (at most
 * CSRF_REUSE_MS old); none when the session could not be loaded (NO_SESSION).
 */
export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  state: number,
  body: Record<string, unknown>,
): FastifyReply {
  const sid = request.session.sid;
  reply.header('cache-control', 'no-store');
  const csrf = sid ? { csrf: recentCsrf(request.server.ctx.config.sessionSecret, sid) } : {};
  // A server error names its request, so a member's report can be found in the log (reqId, observability/).
  const requestId = state >= 500 && state < 600 ? { request_id: request.id } : {};
  return reply.code(httpStatusFor(state)).send({ state, ...body, ...requestId, ...csrf });
}
