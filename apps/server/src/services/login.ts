import type { LoginInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../app-error.ts';
import { findMemberByMail, updateLang } from '../db/queries/members.ts';
import { memberSuspended } from './member-suspension.ts';
import { checkPassword, rememberKnownAddress } from './password-login.ts';

const mismatch = () => new AppError('validation', { mail: ['loginMismatch'] }, 'login_mismatch');
const accountClosedIdle = () => new AppError('validation', { mail: ['accountClosedIdle'] }, 'account_closed');

/**
 * Checks a login (ADR 0010) through the one throttled password check of both sign-ins (password-login.ts):
 * failures slow the (mail, address) pair progressively; an address spraying many mails, and a mail tried from many
 * addresses, are locked too, but neither lock applies to an address the member has logged in from before, so an
 * attacker cannot lock an owner out. A mismatch says only "mail or password do not match", whether or not the mail
 * exists. Success remembers the address. Returns the member id; the caller starts the session.
 */
export async function authenticate(ctx: AppContext, input: LoginInput, ip: string): Promise<number> {
  const member = await checkPassword(ctx, {
    kind: 'member',
    mail: input.mail,
    password: input.pass,
    ip,
    find: () => findMemberByMail(ctx.db.pool, input.mail),
    id: (m) => m.id,
    passHash: (m) => m.pass_hash,
    mismatch,
  });
  // A withdrawn account is closed (issue 11): it answers like an unknown address. An account closed for being idle
  // (ADR 0037) says so, only after the right password: its owner was mailed and should learn what happened.
  if (member.withdrawn_at) throw member.closed_reason === 'idle' ? accountClosedIdle() : mismatch();
  // A suspended member (issue 10) is told so, only after the right password: it says nothing to a guesser.
  if (member.suspended_at) throw memberSuspended();
  await rememberKnownAddress(ctx, 'member', member.id, ip);
  return member.id;
}

/** Mails (password reissue, notices) go out in the language the member last used. */
export async function rememberLanguage(ctx: AppContext, memberId: number, lang: 'ja' | 'en'): Promise<void> {
  await updateLang(ctx.db.pool, memberId, lang);
}
