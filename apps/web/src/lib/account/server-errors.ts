import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiReply } from '../../api/client';
import i18n, { tMessage } from '../../i18n';

/**
 * Client-side errors carry a core message key (translated here); server errors arrive already in the user's
 * language and are marked type 'server' so they are shown as they are.
 */
export function errorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : tMessage(error.message);
}

/**
 * Puts the first server message of each known field on that field (the spec shows only the first) and returns
 * the messages of anything else (general, locked out, unknown fields) for a form-level alert.
 * `aliases` maps a server field name to a form field (the server may say referral_code for referralCode).
 */
export function applyServerErrors<T extends FieldValues>(
  reply: ApiReply,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Record<string, Path<T>> = {},
): string[] {
  if (reply.networkError) return [i18n.t('communicationError', { ns: 'common' })];
  const general: string[] = [];
  let focused = false;
  for (const [name, list] of Object.entries(reply.errors ?? {})) {
    const first = list[0];
    if (!first) continue;
    const field = aliases[name] ?? (fields.includes(name as Path<T>) ? (name as Path<T>) : undefined);
    if (field) {
      setError(field, { type: 'server', message: first }, { shouldFocus: !focused });
      focused = true;
    } else if (!general.includes(first)) {
      general.push(first);
    }
  }
  if (general.length === 0 && !focused) general.push(i18n.t('generalError', { ns: 'account' }));
  return general;
}
