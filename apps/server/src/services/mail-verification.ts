import type { AppContext } from '../context.ts';
import { hashMailedToken, newMailedToken } from './mailed-tokens.ts';
import { AppError } from '../app-error.ts';
import {
  findMailVerification,
  insertMailVerification,
  markMailVerified,
  useMailVerification,
} from '../db/queries/mail-verifications.ts';
import { withTransaction } from '../db/transaction.ts';
import { assertNotLocked, recordAttempt, THROTTLE_RULES } from './auth-throttle.ts';
import { sendMailVerification as queueVerificationMail } from '../mail/mail-verification.ts';

/**
 * Mail verification (issue 12 A9): a member proves they receive mail at their address by opening a mailed link
 * (the SPA's /verify-mail page posts its token). Buying may require it (members.mail_verified_at).
 */
export const VERIFY_TOKEN_TTL_MS = 24 * 3600_000;

/** Mails a new verification link to the member's current address; nothing when it is already verified. */
export async function sendMailVerification(ctx: AppContext, memberId: number): Promise<void> {
  const member = await findMailVerification(ctx.db.pool, memberId);
  if (!member || member.mail_verified_at) return;
  const token = newMailedToken();
  const now = ctx.clock.now();
  await insertMailVerification(ctx.db.pool, {
    tokenHash: hashMailedToken(token),
    memberId,
    mail: member.mail,
    expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/verify-mail?token=${token}`;
  const to = { mail: member.mail, lang: member.lang, lastName: '', firstName: '' };
  await queueVerificationMail(ctx, ctx.db.pool, to, link, VERIFY_TOKEN_TTL_MS / 3600_000);
}

/** A member asks for the link again; each request sends a mail, so it counts like a password reissue. */
export async function resendMailVerification(ctx: AppContext, memberId: number): Promise<void> {
  const key = `verify:member:${memberId}`;
  await assertNotLocked(ctx, [key], 'general', 'rateLimited');
  await recordAttempt(ctx, key, THROTTLE_RULES.reissueMail);
  await sendMailVerification(ctx, memberId);
}

/**
 * Uses a token: the member's address counts as verified from now, if it is still the one the link was sent to.
 * An unknown, used or expired token is a 400 on `token`.
 */
export async function confirmMailVerification(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const verified = await withTransaction(ctx.db, async (tx) => {
    const row = await useMailVerification(tx, hashMailedToken(token), now);
    return row !== null && (await markMailVerified(tx, Number(row.member_id), row.mail, now));
  });
  if (!verified) throw new AppError('validation', { token: ['verifyTokenInvalid'] }, 'token_invalid');
}

/** Whether the member's current address is verified. */
export async function isMailVerified(ctx: AppContext, memberId: number): Promise<boolean> {
  return Boolean((await findMailVerification(ctx.db.pool, memberId))?.mail_verified_at);
}
