import type { Lang } from '@oripa/core';
import type { AppContext } from '../context.ts';
import type { RequestSession } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    session: RequestSession;
    lang: Lang;
    /** The parsed `json` field of a form-encoded POST (DESIGN.md section 3); {} for GET. */
    payload: Record<string, unknown>;
  }
  interface FastifyReply {
    /** Sends the envelope: ok(data) → state 200, or a special state such as 204. */
    ok(data?: Record<string, unknown>, state?: number): FastifyReply;
  }
}
