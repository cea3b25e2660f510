import type { LoginInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import { findMemberByMail } from '../repositories/members.ts';
import { assertNotLocked, recordAttempt, resetAttempts, THROTTLE_RULES } from './auth-throttle.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

const mismatch = () => new AppError('validation', { mail: ['loginMismatch'] }, 'login_mismatch');

/**
 * Checks a login. A locked mail or IP gets 429 before any password check; a mismatch counts against both and
 * says only "mail or password do not match", whether or not the mail exists (an unknown mail still costs one
 * argon2 verification, so timing does not tell either). Success clears the mail's counter.
 * Returns the member id; the caller starts the session.
 */
export async function authenticate(ctx: AppContext, input: LoginInput, ip: string): Promise<number> {
  const mailKey = `login:mail:${input.mail.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  await assertNotLocked(ctx, [mailKey, ipKey], 'mail', 'loginLocked');
  const member = await findMemberByMail(ctx.db.pool, input.mail);
  const ok = await verifyPassword(member?.pass_hash ?? (await dummyHash()), input.pass);
  if (!member || !ok) {
    await recordAttempt(ctx, mailKey, THROTTLE_RULES.loginAccount);
    await recordAttempt(ctx, ipKey, THROTTLE_RULES.loginIp);
    throw mismatch();
  }
  await resetAttempts(ctx, mailKey);
  return member.id;
}

/** Mails (password reissue, notices) go out in the language the member last used. */
export async function rememberLanguage(ctx: AppContext, memberId: number, lang: 'ja' | 'en'): Promise<void> {
  await ctx.db.pool.query('UPDATE members SET lang = $2 WHERE id = $1 AND lang <> $2', [memberId, lang]);
}
