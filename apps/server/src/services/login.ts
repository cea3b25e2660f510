import type { LoginInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../app-error.ts';
import { isKnownLoginIp, rememberLoginIp } from '../db/queries/login-known-ips.ts';
import { findMemberByMail, updateLang } from '../db/queries/members.ts';
import { findLock, lockedError, recordAttempt, resetAttempts, THROTTLE_RULES } from './auth-throttle.ts';
import { memberSuspended } from './member-suspension.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

const mismatch = () => new AppError('validation', { mail: ['loginMismatch'] }, 'login_mismatch');
const accountClosedIdle = () => new AppError('validation', { mail: ['accountClosedIdle'] }, 'account_closed');

/** How long a successful login makes its address "known" for the member (ADR 0010). */
export const KNOWN_IP_DAYS = 90;

/**
 * Checks a login (ADR 0010). Failures slow the (mail, address) pair progressively; an address spraying many
 * mails, and a mail tried from many addresses, are locked too, but neither lock applies to an address the member
 * has logged in from before, so an attacker cannot lock an owner out. A locked request gets 429 before any
 * password check. A mismatch says only "mail or password do not match", whether or not the mail exists (an
 * unknown mail still costs one argon2 verification, so timing does not tell either). Success clears the pair's
 * counter and remembers the address. Returns the member id; the caller starts the session.
 */
export async function authenticate(ctx: AppContext, input: LoginInput, ip: string): Promise<number> {
  const mail = input.mail.toLowerCase();
  const pairKey = `login:pair:${mail}|${ip}`;
  const accountKey = `login:mail:${mail}`;
  const ipKey = `login:ip:${ip}`;
  const pairLock = await findLock(ctx, [pairKey]);
  if (pairLock) throw lockedError(ctx, pairLock, 'mail', 'loginLocked');
  const member = await findMemberByMail(ctx.db.pool, input.mail);
  const wideLock = await findLock(ctx, [accountKey, ipKey]);
  if (wideLock && !(member && (await isKnownAt(ctx, member.id, ip)))) {
    throw lockedError(ctx, wideLock, 'mail', 'loginLocked');
  }
  const ok = await verifyPassword(member?.pass_hash ?? (await dummyHash()), input.pass);
  if (!member || !ok) {
    await recordAttempt(ctx, pairKey, THROTTLE_RULES.loginPair);
    await recordAttempt(ctx, accountKey, THROTTLE_RULES.loginAccount);
    await recordAttempt(ctx, ipKey, THROTTLE_RULES.loginIp);
    throw mismatch();
  }
  await resetAttempts(ctx, pairKey);
  // A withdrawn account is closed (issue 11): it answers like an unknown address. An account closed for being idle
  // (ADR 0037) says so, only after the right password: its owner was mailed and should learn what happened.
  if (member.withdrawn_at) throw member.closed_reason === 'idle' ? accountClosedIdle() : mismatch();
  // A suspended member (issue 10) is told so, only after the right password: it says nothing to a guesser.
  if (member.suspended_at) throw memberSuspended();
  await rememberLoginIp(ctx.db.pool, member.id, ip, ctx.clock.now());
  return member.id;
}

function isKnownAt(ctx: AppContext, memberId: number, ip: string): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - KNOWN_IP_DAYS * 24 * 3600_000);
  return isKnownLoginIp(ctx.db.pool, memberId, ip, since);
}

/** Mails (password reissue, notices) go out in the language the member last used. */
export async function rememberLanguage(ctx: AppContext, memberId: number, lang: 'ja' | 'en'): Promise<void> {
  await updateLang(ctx.db.pool, memberId, lang);
}
