import { z } from 'zod';
import { msg } from '../i18n/messages.ts';

/** Spec section 5: the partner login popup's limits. */
export const PARTNER_LOGINID_MAX = 255;
export const PARTNER_PASSWORD_MAX = 30;
/** Spec section 5: the transfer amount is numeric, at most 10 digits. */
export const TRANSFER_DIGITS_MAX = 10;

/** `GET /api/user/transfer/point`: the partner sites with the member's link status. */
export interface PartnerSiteItem {
  id: number;
  name: string;
  /** '0' unlinked, '1' linked. */
  status: '0' | '1';
  /** The member's points at that site (linked sites only; what a transfer may take). */
  point: string;
  /** '1' while a transfer to here is waiting for the partner's answer. */
  pending: '0' | '1';
}

const siteId = z.coerce
  .number({ error: 'invalid' })
  .int('invalid')
  .positive('invalid')
  .max(2 ** 31, 'invalid');

export const partnerLoginSchema = z.object({
  loginid: z
    .string({ error: 'notString' })
    .trim()
    .min(1, 'required')
    .max(PARTNER_LOGINID_MAX, msg('tooLong', { max: PARTNER_LOGINID_MAX })),
  password: z
    .string({ error: 'notString' })
    .min(1, 'required')
    .max(PARTNER_PASSWORD_MAX, msg('tooLong', { max: PARTNER_PASSWORD_MAX })),
  site_id: siteId,
});

/**
 * The spec's client checks of the point popup, in its order: empty, not digits or longer than 10, below 1, more
 * than owned. The server runs the same function, so the messages match; `owned` is the balance at the partner.
 */
export function transferPointProblem(
  raw: string,
  owned: number,
): 'transferEmpty' | 'transferDigits' | 'transferMin' | 'transferOver' | null {
  const text = raw.trim();
  if (text === '') return 'transferEmpty';
  if (!/^\d+$/.test(text) || text.length > TRANSFER_DIGITS_MAX) return 'transferDigits';
  const n = Number(text);
  if (n < 1) return 'transferMin';
  if (n > owned) return 'transferOver';
  return null;
}

export const transferPointSchema = z.object({
  point: z.union([z.string(), z.number()], { error: 'transferEmpty' }).transform((v) => String(v)),
  site_id: siteId,
  /** One key per confirmed transfer; a double submit repeats it. */
  request_key: z
    .string({ error: 'invalid' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'invalid')
    .optional(),
});
