import type { z } from 'zod';
import type { FieldErrors } from '../errors.ts';

/** Turns a zod error into the envelope's `errors` map (field → message keys), first issue per field first. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'json';
    const key = issue.message && !issue.message.includes(' ') ? issue.message : 'invalid';
    (out[field] ??= []).push(key);
  }
  return out;
}
