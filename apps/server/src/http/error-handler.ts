import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { sendEnvelope, translateFields } from './envelope.ts';

/** Seconds a client should wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_S = 5;

/** Maps any thrown error to the envelope. Only AppError text reaches the client; everything else is 'internal'. */
export function handleApiError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? 'ja';
  if (isDatabaseUnavailable(error)) {
    // The database is unreachable or hung (issue 12 A10): a 503 the client may retry, worded like maintenance.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return sendEnvelope(request, reply, 503, {
      errors: translateFields(lang, { general: ['maintenance'] }),
      reason: 'database_unavailable',
    });
  }
  let appError: AppError;
  if (error instanceof AppError) {
    appError = error;
  } else {
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      appError = new AppError('validation', { json: ['tooLarge'] }, 'too_large');
    else if (fe.code?.startsWith('FST_ERR_CTP') || fe.statusCode === 400 || fe.statusCode === 415)
      appError = new AppError('validation', { json: ['badRequest'] }, 'bad_request');
    else if (fe.statusCode === 429)
      appError = new AppError('rate_limited', { general: ['rateLimited'] }, 'rate_limited');
    else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('internal', { general: ['internal'] });
    }
  }
  if (appError.state >= 500) request.log.warn({ code: appError.code, reason: appError.reason }, 'server error reply');
  return sendEnvelope(request, reply, appError.state, {
    errors: translateFields(lang, appError.fields),
    ...(appError.reason ? { reason: appError.reason } : {}),
  });
}
