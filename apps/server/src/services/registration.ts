import {
  fieldErrorsFromZod,
  mailField,
  OVERSEAS_PREF_ID,
  REFERRAL_CODE_PATTERN,
  registrationSchema,
  type FieldErrors,
  type Lang,
} from '@oripa/core';
import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../http/app-error.ts';
import { findMemberByMail, findMemberIdByReferralCode } from '../repositories/members.ts';
import { insertMember, type NewMember } from './members.ts';

/** The spec names the field referral_code in its server-error list while the payload says referralCode: send both. */
const referralUnknown = (): FieldErrors => ({ referralCode: ['referralUnknown'], referral_code: ['referralUnknown'] });
const mailTaken = () => new AppError('validation', { mail: ['mailTaken'] }, 'mail_taken');

/**
 * Validates a registration as `/api/user/confirm` and `/api/user/append` both do: the schema, then (for the
 * fields that passed it) whether the mail is free and the referral code exists, all errors in one reply.
 * In English the middle name is kept and the prefecture is fixed to 99 (overseas); in Japanese the middle name
 * is not on the form and is dropped.
 */
export async function validateRegistration(ctx: AppContext, payload: unknown, lang: Lang): Promise<NewMember> {
  // The Japanese form has no middle name: whatever arrives in it is ignored rather than validated.
  const fields = (lang === 'ja' ? { ...(payload as object), middleName: '' } : payload) as Record<string, unknown>;
  const parsed = registrationSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  // The mail and referral checks also run when another field failed, so the form shows everything at once.
  const mail = errors.mail ? undefined : mailField.safeParse(fields.mail).data;
  const code =
    errors.referralCode || typeof fields.referralCode !== 'string' ? '' : fields.referralCode.trim().toUpperCase();
  if (mail && (await findMemberByMail(ctx.db.pool, mail))) errors.mail = ['mailTaken'];
  let referredBy: number | null = null;
  if (code) {
    referredBy = REFERRAL_CODE_PATTERN.test(code) ? await findMemberIdByReferralCode(ctx.db.pool, code) : null;
    if (referredBy === null) Object.assign(errors, referralUnknown());
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw new AppError('validation', errors, 'validation');
  const input = parsed.data;
  return {
    lastName: input.lastName,
    middleName: lang === 'en' ? input.middleName : '',
    firstName: input.firstName,
    tel: input.tel,
    mail: input.mail,
    pass: input.pass,
    lang,
    referredBy,
    prefId: lang === 'en' ? OVERSEAS_PREF_ID : null,
  };
}

/** Creates the member. Two racing registrations of one mail: the unique index lets one in, the other is mailTaken. */
export async function registerMember(ctx: AppContext, member: NewMember): Promise<number> {
  try {
    return await withTransaction(ctx.db, (tx) => insertMember(tx, member));
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'members_mail_key') throw mailTaken();
    throw err;
  }
}
