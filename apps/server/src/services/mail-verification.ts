import { MAIL_UNVERIFIED_MESSAGE, MAIL_UNVERIFIED_REASON, mailConfirmed } from '@oripa/core';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
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
import { recipientOf } from '../mail/outbox.ts';
import { payOwedReferrerShares } from './programmes/referral/referral.ts';

/**
 * Mail verification (issue 12 A9): a member proves they receive mail at their address by opening a mailed link
 * (the SPA's /verify-mail page posts its token). Every way to gain value requires it (members.mail_verified_at;
 * requireConfirmedMail, issue 19 §2).
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
  // Greeted by name like every other mail (issue 24): registration asks for the name before this is sent.
  const to = recipientOf(member);
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
 * Uses a token: the member's address counts as verified from now, if it is still the one the link was sent to,
 * and referral shares held for an unconfirmed address are paid in the same transaction (issue 19 §2; the UPDATE
 * of the member row locks it, so a second confirmation waits and then finds them paid).
 * An unknown, used or expired token is a 400 on `token`.
 */
export async function confirmMailVerification(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const verified = await withTransaction(ctx.db, async (tx) => {
    const row = await useMailVerification(tx, hashMailedToken(token), now);
    if (row === null || !(await markMailVerified(tx, Number(row.member_id), row.mail, now))) return false;
    await payOwedReferrerShares(tx, Number(row.member_id), now);
    return true;
  });
  if (!verified) throw new AppError('validation', { token: ['verifyTokenInvalid'] }, 'token_invalid');
}

/** Whether the member's current address is verified. */
export async function isMailVerified(ctx: AppContext, memberId: number): Promise<boolean> {
  return Boolean((await findMailVerification(ctx.db.pool, memberId))?.mail_verified_at);
}

/** The refusal of an unconfirmed member, the same for every way to gain value; `field` is where the page reads it. */
export const mailUnverifiedError = (field = 'general') =>
  new AppError('forbidden', { [field]: [MAIL_UNVERIFIED_MESSAGE] }, MAIL_UNVERIFIED_REASON);

/**
 * The one guard of issue 19 §2 (core mail-confirmation.ts): refuses a member whose current address is not confirmed,
 * before anything is written. Each programme's service calls it (SMS bonus, follow campaign, daily draw, exchange
 * corner, point purchase; the pack sale rule has the same check in saleEligibility and buy_pack_batch); given a
 * transaction it reads there, so the check and the grant see one state of the member.
 */
export async function requireConfirmedMail(db: Queryable, memberId: number, field?: string): Promise<void> {
  const member = await findMailVerification(db, memberId);
  if (!mailConfirmed(member?.mail_verified_at)) throw mailUnverifiedError(field);
}
