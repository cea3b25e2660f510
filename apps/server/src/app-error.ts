import { ERROR_STATES, type ErrorCode, type FieldErrors, type MessageKey } from '@oripa/core';

/**
 * The one error type domain and service code throws. The edge (error-handler.ts) maps `code` to the envelope
 * state and translates the message keys into the caller's language.
 */
export class AppError extends Error {
  readonly state: number;
  constructor(
    readonly code: ErrorCode,
    /** Field → message keys (as produced by the core schemas or msg()). */
    readonly fields: FieldErrors = {},
    /** A machine-readable reason for the client, e.g. 'sold_out' or 'insufficient_points'. */
    readonly reason?: string,
  ) {
    super(reason ?? code);
    this.state = ERROR_STATES[code];
  }

  static validation(field: string, key: MessageKey | string, reason?: string) {
    return new AppError('validation', { [field]: [key] }, reason);
  }
}

export const notFound = () => new AppError('not_found', { general: ['notFound'] });
export const loginRequired = () => new AppError('unauthorized', { general: ['loginRequired'] }, 'login_required');
