import { z } from 'zod';
import { mailField, idField, requiredText, safeText } from '../validation/fields.ts';
import { msg } from '../i18n/messages.ts';
import { adminMsg } from './messages.ts';
import { STAFF_ROLES } from './permissions.ts';

/** Staff passwords are longer than members' (12–128 characters of anything): they guard the whole shop. */
export const staffPasswordField = z
  .string({ error: 'notString' })
  .min(1, 'required')
  .min(12, 'staffPassFormat')
  .max(128, 'staffPassFormat');

export const staffLoginSchema = z.object({
  mail: z.string({ error: 'notString' }).trim().min(1, 'required').max(254, 'staffLoginMismatch'),
  pass: z.string({ error: 'notString' }).min(1, 'required').max(128, 'staffLoginMismatch'),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** Accepting an invitation (or the create-owner link): the token from the link and a password. */
export const staffSetupSchema = z
  .object({
    token: z.string({ error: 'notString' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'staffSetupTokenInvalid'),
    pass: staffPasswordField,
    confirmPass: z.string({ error: 'notString' }).min(1, 'required'),
  })
  .refine((v) => v.pass === v.confirmPass, { path: ['confirmPass'], message: 'passMismatch' });
export type StaffSetupInput = z.infer<typeof staffSetupSchema>;

/** A 6-digit TOTP code (spaces a person types between the digits are dropped). */
export const totpCodeField = z
  .string({ error: 'notString' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'staffTotpFormat'));
export const totpCodeSchema = z.object({ code: totpCodeField });

/** Recovery codes are shown as xxxxx-xxxxx (lower-case letters and digits); case and the hyphen are forgiven. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace('-', '');

/** The second step of sign-in: a TOTP code, or one of the recovery codes. */
export const totpVerifySchema = z
  .object({
    code: totpCodeField.optional(),
    recovery_code: z
      .string({ error: 'notString' })
      .trim()
      .toLowerCase()
      .regex(RECOVERY_CODE_PATTERN, 'staffTotpMismatch')
      .optional(),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, { path: ['code'], message: 'required' });
export type TotpVerifyInput = z.infer<typeof totpVerifySchema>;

export const staffRoleField = z.enum(STAFF_ROLES, { error: 'staffRoleUnknown' });

export const staffCreateSchema = z.object({
  mail: mailField,
  name: safeText(requiredText(60)),
  role: staffRoleField,
  // The language of the invitation mail and of the staff member's later mails (until their first sign-in sets it).
  lang: z.enum(['ja', 'en'], { error: 'invalid' }).optional(),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/**
 * The reason of a staff change: optional, except that a change to another owner (which waits for a second owner:
 * ADR 0039) is refused without one (the server says so on `reason`).
 */
export const staffChangeReasonField = z
  .string({ error: 'notString' })
  .trim()
  .max(500, msg('tooLong', { max: 500 }))
  .optional()
  .default('');

export const staffRoleChangeSchema = z.object({ role: staffRoleField, reason: staffChangeReasonField });
/** Disable and reset-2fa: only the reason. */
export const staffChangeSchema = z.object({ reason: staffChangeReasonField });

/** A staff write that touches money or access carries a reason; it is kept in the audit row. */
export const reasonField = z
  .string({ error: 'reasonRequired' })
  .trim()
  .min(1, 'reasonRequired')
  .max(500, msg('tooLong', { max: 500 }));

/** The largest single adjustment of points or coins (a typo guard; bigger corrections take several). */
export const MAX_ADJUSTMENT = 1_000_000;

export const adjustmentSchema = z.object({
  currency: z.enum(['point', 'coin'], { error: 'currencyUnknown' }),
  amount: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,16}$/, 'amountInteger'),
      ],
      { error: 'amountInteger' },
    )
    .transform((v) => Number(v))
    .refine((v) => Number.isSafeInteger(v) && v !== 0, { message: 'amountInteger' })
    .refine((v) => Math.abs(v) <= MAX_ADJUSTMENT, { message: adminMsg('amountTooLarge', { max: MAX_ADJUSTMENT }) }),
  reason: reasonField,
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

/** GET /admin/members/:id/adjust-preview: what an adjustment would do, asked before it is confirmed (issue 21 §10). */
export const adjustmentPreviewSchema = adjustmentSchema.pick({ currency: true, amount: true });

export const reasonSchema = z.object({ reason: reasonField });

/** A date filter, YYYY-MM-DD (a day in Asia/Tokyo). */
export const dayField = z
  .string({ error: 'notString' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+09:00`)), { message: 'dateFormat' });

/**
 * The query of a server-side paged, sorted and filtered list (the console's DataTable): page from 1, page size
 * 10–100, a sort key from `sortKeys` and its direction. Extend with the list's own filters.
 */
export function listQuerySchema<K extends string>(sortKeys: readonly [K, ...K[]], defaultSort: K) {
  return z.object({
    page: z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(999_999, 'invalid').default(1),
    per_page: z.coerce.number({ error: 'invalid' }).int('invalid').min(10, 'invalid').max(100, 'invalid').default(20),
    sort: z.enum(sortKeys, { error: 'invalid' }).default(defaultSort),
    dir: z.enum(['asc', 'desc'], { error: 'invalid' }).default('desc'),
  });
}

/** One page of a list: the rows and the total count the pager needs. */
export type ListPage<T> = {
  rows: T[];
  total: number;
  page: number;
  per_page: number;
};

export const MEMBER_SORT_KEYS = ['id', 'created_at', 'point_balance', 'last_activity_at'] as const;
export const memberSearchSchema = listQuerySchema(MEMBER_SORT_KEYS, 'id').extend({
  q: z
    .string({ error: 'notString' })
    .trim()
    .max(254, msg('tooLong', { max: 254 }))
    .default(''),
});
export type MemberSearchInput = z.infer<typeof memberSearchSchema>;

/**
 * The digits of a member search that reads as a phone number — digits with the separators people write (spaces,
 * hyphens, dots, brackets, a leading +; full-width too), at least 6 of them — else null. Only such a search matches
 * phone numbers: the digits inside a mail address or a word must not (issue 21: a member searched by full mail
 * address came 15th, after members whose phone numbers held its digits).
 */
export function phoneSearchDigits(q: string): string | null {
  const text = q.normalize('NFKC').trim();
  if (!/^\+?[\d\s().\-‐−ー]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

export const LEDGER_SORT_KEYS = ['id'] as const;
export const memberLedgerSchema = listQuerySchema(LEDGER_SORT_KEYS, 'id').extend({
  currency: z.enum(['point', 'coin'], { error: 'currencyUnknown' }).default('point'),
});

export const AUDIT_SORT_KEYS = ['created_at'] as const;
export const auditQuerySchema = listQuerySchema(AUDIT_SORT_KEYS, 'created_at')
  .extend({
    staff_id: z.union([z.literal(''), idField]).optional(),
    action: z
      .string({ error: 'notString' })
      .trim()
      .max(60, msg('tooLong', { max: 60 }))
      .default(''),
    from: z.union([z.literal(''), dayField]).optional(),
    to: z.union([z.literal(''), dayField]).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['from'], message: 'dateRange' });
export type AuditQueryInput = z.infer<typeof auditQuerySchema>;

export { idField };
