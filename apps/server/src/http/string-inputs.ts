import { AppError } from '../app-error.ts';

/** The NUL byte: PostgreSQL text cannot hold it, so one that reached a query was a 500. */
const NUL = '\u0000';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // Payloads are small (bodyLimit) and shallow; the depth bound only guards the recursion.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [key, v] of Object.entries(value)) if (key.includes(NUL) || holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses every string input holding a NUL byte (query string, path parameters, form fields, the parsed `json`),
 * naming the top-level field it arrived in, before any route sees it.
 */
export function refuseNulBytes(...sources: unknown[]): void {
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source)) {
      if (key.includes(NUL) || holdsNul(value)) {
        const field = key.includes(NUL) ? 'json' : key;
        throw new AppError('validation', { [field]: ['badRequest'] }, 'bad_request');
      }
    }
  }
}
