import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client's (or the load balancer's) X-Request-Id is reused only when it is this harmless in a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify options for request ids: every request gets one (the caller's when it looks safe, else a UUID), Fastify
 * puts it as reqId (its default label) in every log line written through request.log, the reply carries it in X-Request-Id
 * (health-routes.ts) and a 5xx envelope in request_id, so a member's error report can be found in the log.
 */
export const requestIdOptions = {
  genReqId(req: IncomingMessage): string {
    const given = req.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  },
};
