import type { AppContext } from '../context.ts';
import type { AppError } from '../app-error.ts';
import { isKnownLoginIp, rememberLoginIp, type LoginAccountKind } from '../db/queries/login-known-ips.ts';
import { findLock, lockedError, recordAttempt, resetAttempts, THROTTLE_RULES } from './auth-throttle.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/** How long a successful sign-in makes its address "known" for the account (ADR 0010). */
export const KNOWN_IP_DAYS = 90;

/** The counters' key prefix of each sign-in (members' keys kept as they were: `login:…`). */
const SCOPES: Record<LoginAccountKind, string> = { member: 'login', staff: 'staff' };

export interface PasswordLogin<A> {
  kind: LoginAccountKind;
  mail: string;
  password: string;
  ip: string;
  /** The account of the mail, or null. */
  find: () => Promise<A | null>;
  id: (account: A) => number;
  /** The account's password hash, or null when it may not sign in at all (answered like a wrong password). */
  passHash: (account: A) => string | null;
  /** The refusal of a wrong password or unknown mail ("mail or password do not match"). */
  mismatch: () => AppError;
}

/**
 * THE password check of both sign-ins, the storefront's and the console's (ADR 0010; issue 21 made the console's
 * the same code). Three counters of failures: the (mail, address) pair, progressive, the only lock an owner can
 * meet and only where the wrong passwords were typed; the mail over many addresses and the address over many mails,
 * both waived for an address the account signed in from in the last KNOWN_IP_DAYS (`rememberKnownAddress`), so
 * no stranger can lock an owner out of their usual address. A locked request gets 429 before any password check;
 * an unknown mail still costs one argon2 verification, so timing tells nothing. Success clears the pair's counter
 * and answers the account; the caller decides when the sign-in is complete and remembers the address then.
 */
export async function checkPassword<A>(ctx: AppContext, o: PasswordLogin<A>): Promise<A> {
  const mail = o.mail.toLowerCase();
  const scope = SCOPES[o.kind];
  const pairKey = `${scope}:pair:${mail}|${o.ip}`;
  const accountKey = `${scope}:mail:${mail}`;
  const ipKey = `${scope}:ip:${o.ip}`;
  const pairLock = await findLock(ctx, [pairKey]);
  if (pairLock) throw lockedError(ctx, pairLock, 'mail', 'loginLocked');
  const account = await o.find();
  const wideLock = await findLock(ctx, [accountKey, ipKey]);
  if (wideLock && !(account && (await isKnownAddress(ctx, o.kind, o.id(account), o.ip)))) {
    throw lockedError(ctx, wideLock, 'mail', 'loginLocked');
  }
  const hash = account ? o.passHash(account) : null;
  const ok = await verifyPassword(hash ?? (await dummyHash()), o.password);
  if (!account || !hash || !ok) {
    await recordAttempt(ctx, pairKey, THROTTLE_RULES.loginPair);
    await recordAttempt(ctx, accountKey, THROTTLE_RULES.loginAccount);
    await recordAttempt(ctx, ipKey, THROTTLE_RULES.loginIp);
    throw o.mismatch();
  }
  await resetAttempts(ctx, pairKey);
  return account;
}

/** Whether the account signed in from `ip` within KNOWN_IP_DAYS. */
export function isKnownAddress(ctx: AppContext, kind: LoginAccountKind, id: number, ip: string): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - KNOWN_IP_DAYS * 24 * 3600_000);
  return isKnownLoginIp(ctx.db.pool, { kind, id }, ip, since);
}

/** Remembers a completed sign-in from `ip`: the wide locks will not apply to the account there. */
export async function rememberKnownAddress(
  ctx: AppContext,
  kind: LoginAccountKind,
  id: number,
  ip: string,
): Promise<void> {
  await rememberLoginIp(ctx.db.pool, { kind, id }, ip, ctx.clock.now());
}
