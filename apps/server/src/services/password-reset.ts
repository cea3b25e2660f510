import { createHash, randomBytes } from 'node:crypto';
import type { Lang } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../http/app-error.ts';
import { forgetMemberSessions } from '../http/session.ts';
import { findMemberByMail } from '../repositories/members.ts';
import { assertNotLocked, recordAttempt, THROTTLE_RULES } from './auth-throttle.ts';
import { hashPassword } from './passwords.ts';
import { passwordResetMail } from './password-reset-mail.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

// Only the SHA-256 of a token is stored, so a leaked table cannot be used to reset anyone's password.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
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
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.pool.query('INSERT INTO password_resets (member_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
    member.id,
    hashToken(token),
    new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  ]);
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: member.mail,
    ...passwordResetMail(member.lang as Lang, link, RESET_TOKEN_TTL_MS / 60_000, ctx.config),
  });
}

/** Whether a token can still be used (the page asks first, so a dead link says so before the form is filled). */
export async function isResetTokenUsable(ctx: AppContext, token: string): Promise<boolean> {
  const { rows } = await ctx.db.pool.query(
    'SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hashToken(token), ctx.clock.now()],
  );
  return rows.length > 0;
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
    const { rows } = await tx.query<{ member_id: number }>(
      `SELECT member_id FROM password_resets
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
      [hashToken(token), now],
    );
    const memberId = rows[0]?.member_id;
    if (memberId === undefined) throw resetTokenInvalid();
    await tx.query('UPDATE password_resets SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL', [memberId, now]);
    await tx.query('UPDATE members SET pass_hash = $2, updated_at = now() WHERE id = $1', [memberId, passHash]);
    await tx.query('DELETE FROM sessions WHERE member_id = $1', [memberId]);
    return Number(memberId);
  });
  // This instance's session cache drops them at once (other instances within SESSION_CACHE_MS, ADR 0006).
  forgetMemberSessions(ctx, ended);
}
