import {
  fieldErrorsFromZod,
  OVERSEAS_PREF_ID,
  REFERRAL_CODE_PATTERN,
  registrationSchema,
  type FieldErrors,
  type Lang,
} from '@oripa/core';
import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../app-error.ts';
import { findMemberByMail, findMemberIdByReferralCode } from '../db/queries/members.ts';
import { assertNotLocked, recordAttempt, THROTTLE_RULES } from './auth-throttle.ts';
import { insertMember, type NewMember } from './members.ts';

/** The spec names the field referral_code in its server-error list while the payload says referralCode: send both. */
const referralUnknown = (): FieldErrors => ({ referralCode: ['referralUnknown'], referral_code: ['referralUnknown'] });
const mailTaken = () => new AppError('validation', { mail: ['mailTaken'] }, 'mail_taken');

/**
 * Validates a registration form as `/api/user/confirm` and `/api/user/append` both do: the schema, then (for the
 * fields that passed it) whether the referral code exists, all errors in one reply. Whether the mail is taken is
 * not said here (issue 12 A9: confirm listed registered mails); registerFromForm says it when the account is
 * asked for. In English the middle name is kept and the prefecture is fixed to 99 (overseas); in Japanese the
 * middle name is not on the form and is dropped.
 */
export async function validateRegistration(ctx: AppContext, payload: unknown, lang: Lang): Promise<NewMember> {
  // The Japanese form has no middle name: whatever arrives in it is ignored rather than validated.
  const fields = (lang === 'ja' ? { ...(payload as object), middleName: '' } : payload) as Record<string, unknown>;
  const parsed = registrationSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  // The referral check also runs when another field failed, so the form shows everything at once.
  const code =
    errors.referralCode || typeof fields.referralCode !== 'string' ? '' : fields.referralCode.trim().toUpperCase();
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

/**
 * `/api/user/confirm`: validates the form. Each well-formed check counts against the client address (a 429 past
 * THROTTLE_RULES.registrationCheckIp); malformed forms are answered without counting.
 */
export async function checkRegistration(ctx: AppContext, payload: unknown, lang: Lang, ip: string): Promise<void> {
  const key = `register:check:${ip}`;
  await assertNotLocked(ctx, [key], 'general', 'rateLimited');
  await validateRegistration(ctx, payload, lang);
  await recordAttempt(ctx, key, THROTTLE_RULES.registrationCheckIp);
}

/**
 * `/api/user/append`: validates the form and creates the member. Each well-formed registration, created or refused
 * because the mail is taken, counts against the client address, so probing for registered mails through it is as
 * slow as creating accounts (THROTTLE_RULES.registrationIp).
 */
export async function registerFromForm(ctx: AppContext, payload: unknown, lang: Lang, ip: string): Promise<number> {
  const key = `register:ip:${ip}`;
  await assertNotLocked(ctx, [key], 'general', 'rateLimited');
  const member = await validateRegistration(ctx, payload, lang);
  await recordAttempt(ctx, key, THROTTLE_RULES.registrationIp);
  if (await findMemberByMail(ctx.db.pool, member.mail)) throw mailTaken();
  return registerMember(ctx, member);
}

/** Creates the member. Two racing registrations of one mail: the unique index lets one in, the other is mailTaken. */
async function registerMember(ctx: AppContext, member: NewMember): Promise<number> {
  try {
    return await withTransaction(ctx.db, (tx) => insertMember(tx, { ...member, createdAt: ctx.clock.now() }));
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'members_mail_key') throw mailTaken();
    throw err;
  }
}
