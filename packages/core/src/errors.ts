/** Every failure the API can report, and the envelope `state` it maps to (DESIGN.md section 3). */
export const ERROR_STATES = {
  validation: 400,
  unauthorized: 401,
  csrf: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  maintenance: 9999,
} as const;

export type ErrorCode = keyof typeof ERROR_STATES;

export const STATE_OK = 200;
/** The special outcomes the spec names (decision: '-1' to top, '0' address missing). */
export const STATE_SPECIAL = 204;
export const STATE_MAINTENANCE = 9999;

/** Field → list of messages; the client shows the first. */
export type FieldErrors = Record<string, string[]>;
