import type { AppContext } from '../context.ts';
import { hashMailedToken, newMailedToken } from './mailed-tokens.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../app-error.ts';
import { findMemberByMail, updatePassHash } from '../db/queries/members.ts';
import {
  insertPasswordReset,
  isPasswordResetUsable,
  lockUsablePasswordReset,
  usePasswordResets,
} from '../db/queries/password-resets.ts';
import { deleteMemberSessions } from '../db/queries/sessions.ts';
import { recipientOf } from '../mail/outbox.ts';
import { sendPasswordResetMail } from '../mail/password-reset.ts';
import { assertNotLocked, recordAttempt, THROTTLE_RULES } from './auth-throttle.ts';
import { hashPassword } from './passwords.ts';
import { forgetMemberSessions } from './sessions.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export const resetTokenInvalid = () => new AppError('validation', { token: ['reissueTokenInvalid'] }, 'token_invalid');

/**
 * Starts a reissue. The reply never tells whether the mail is registered; when it is, a single-use token valid
 * for 30 minutes is stored (as its hash) and the link is mailed in the member's language. Every request counts
 * against the mail and the IP, since each one can send a mail.
 */
export async function requestPasswordReset(ctx: AppContext, mail: string, ip: string): Promise<void> {
  const mailKey = `reissue:mail:${mail.toLowerCase()}`;
  const ipKey = `reissue:ip:${ip}`;
  await assertNotLocked(ctx, [mailKey, ipKey], 'mail', 'reissueLocked');
  await recordAttempt(ctx, mailKey, THROTTLE_RULES.reissueMail);
  await recordAttempt(ctx, ipKey, THROTTLE_RULES.reissueIp);
  const member = await findMemberByMail(ctx.db.pool, mail);
  if (!member) return;
  const token = newMailedToken();
  const now = ctx.clock.now();
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  // The token and its mail commit together: a stored token always has its mail queued.
  await withTransaction(ctx.db, async (tx) => {
    await insertPasswordReset(tx, {
      memberId: member.id,
      tokenHash: hashMailedToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await sendPasswordResetMail(ctx, tx, recipientOf(member), link, RESET_TOKEN_TTL_MS / 60_000);
  });
}

/** Whether a token can still be used (the page asks first, so a dead link says so before the form is filled). */
export async function isResetTokenUsable(ctx: AppContext, token: string): Promise<boolean> {
  return isPasswordResetUsable(ctx.db.pool, hashMailedToken(token), ctx.clock.now());
}

/**
 * Sets the new password with a token. The token row is locked and marked used in the same transaction as the
 * password change, so two tabs racing with one link change the password once; every other outstanding token
 * of the member dies with it, and all the member's sessions end.
 */
export async function completePasswordReset(ctx: AppContext, token: string, pass: string): Promise<void> {
  const passHash = await hashPassword(pass);
  const now = ctx.clock.now();
  const ended = await withTransaction(ctx.db, async (tx) => {
    const memberId = await lockUsablePasswordReset(tx, hashMailedToken(token), now);
    if (memberId === null) throw resetTokenInvalid();
    await usePasswordResets(tx, memberId, now);
    await updatePassHash(tx, memberId, passHash);
    await deleteMemberSessions(tx, memberId);
    return memberId;
  });
  // This instance's session cache drops them at once (other instances within SESSION_CACHE_MS, ADR 0006).
  forgetMemberSessions(ctx, ended);
}
