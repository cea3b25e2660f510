import { translateAdminMessage } from '@oripa/core/admin';
import type { z } from 'zod';
import type { ApiReply } from '../../../api/client';
import { currentLang } from '../../../i18n';

/** Field → messages shown under the inputs of a catalogue form. */
export type FormErrors = Record<string, string[]>;

/** A core schema's verdict on the form before it is sent, in the console's language (empty when sound). */
export function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const r = schema.safeParse(values);
  if (r.success) return {};
  const out: FormErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'general';
    (out[field] ??= []).push(translateAdminMessage(currentLang(), issue.message));
  }
  return out;
}

/** The server's refusal (already translated), or a general failure. */
export function replyErrors(reply: ApiReply, fallback: string): FormErrors {
  return reply.errors && Object.keys(reply.errors).length ? reply.errors : { general: [fallback] };
}
