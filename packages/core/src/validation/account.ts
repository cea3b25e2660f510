import { z } from 'zod';
import { flagField, mailField, optionalText, passwordField, requiredText, safeText, telField } from './fields.ts';

export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{8}$/;

const registrationFields = {
  lastName: safeText(requiredText(50)),
  middleName: safeText(optionalText(50)),
  firstName: safeText(requiredText(50)),
  tel: telField,
  mail: mailField,
  pass: passwordField,
  confirmPass: z.string({ error: 'notString' }).min(1, 'required'),
  referralCode: z.string({ error: 'notString' }).trim().toUpperCase().max(20, 'referralUnknown').optional().default(''),
};

/** `/api/user/confirm` and `/api/user/append`. middleName is only used in the English form. */
export const registrationSchema = z
  .object(registrationFields)
  .refine((v) => v.pass === v.confirmPass, { path: ['confirmPass'], message: 'passMismatch' });
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const loginSchema = z.object({
  mail: z.string({ error: 'notString' }).trim().min(1, 'required').max(254, 'loginMismatch'),
  pass: z.string({ error: 'notString' }).min(1, 'required').max(100, 'loginMismatch'),
  save_cookie: flagField.optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const reissueRequestSchema = z.object({ mail: mailField });

export const reissueCompleteSchema = z
  .object({
    token: z.string({ error: 'notString' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'reissueTokenInvalid'),
    pass: passwordField,
    confirmPass: z.string({ error: 'notString' }).min(1, 'required'),
  })
  .refine((v) => v.pass === v.confirmPass, { path: ['confirmPass'], message: 'passMismatch' });

export const changePasswordSchema = z
  .object({
    pass: passwordField,
    confirmPass: z.string({ error: 'notString' }).min(1, 'required'),
  })
  .refine((v) => v.pass === v.confirmPass, { path: ['confirmPass'], message: 'passMismatch' });

/** Client-side only: the agreement box in front of the confirm button. */
export const agreementSchema = z.object({ agree: z.literal(true, { error: 'agreeRequired' }) });
