import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translateMessage } from '@oripa/core';
import type { Config } from '../config.ts';
import { issueCsrf } from './csrf.ts';
import { httpStatusFor } from './envelope.ts';

/**
 * Fastify refuses some URLs before routing (a broken percent-escape, an over-long path parameter), so no hook or
 * error handler of the /api plugin sees them. This answers them in the envelope too, without echoing the URL.
 */
export function frameworkErrorHandler(config: Config) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const cookies = String(request.headers.cookie ?? '');
    const lang =
      /(?:^|;\s*)lang=en\b/.test(cookies) || /^\s*en\b/i.test(String(request.headers['accept-language'] ?? ''))
        ? 'en'
        : 'ja';
    const sid =
      /(?:^|;\s*)sid=([gm]\.[A-Za-z0-9_-]{43})/.exec(cookies)?.[1] ?? `g.${randomBytes(32).toString('base64url')}`;
    const state = 400;
    return reply
      .code(httpStatusFor(state))
      .header('cache-control', 'no-store')
      .send({
        state,
        errors: { general: [translateMessage(lang, 'badRequest')] },
        reason: 'bad_url',
        csrf: issueCsrf(config.sessionSecret, sid),
      });
  };
}
