import type { StaffLoginInput, StaffSetupInput, TotpVerifyInput } from '@oripa/core/admin';
import type { MessageKey } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  advanceTotpStep,
  enableStaffTotp,
  findLiveInvite,
  findStaffById,
  findStaffByMail,
  replaceRecoveryCodes,
  setStaffPassword,
  useRecoveryCode,
  useStaffInvite,
} from '../../db/queries/staff.ts';
import { completeStaffSession, setPendingTotpSecret } from '../../db/queries/staff-sessions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { hashMailedToken } from '../mailed-tokens.ts';
import { findLock, lockedError, recordAttempt, resetAttempts, THROTTLE_RULES } from '../auth-throttle.ts';
import { checkPassword, rememberKnownAddress } from '../password-login.ts';
import { hashPassword } from '../passwords.ts';
import type { StaffSession } from './staff-sessions.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  qrSvg,
  sealSecret,
  totpUri,
  verifyTotp,
} from './totp.ts';

/**
 * Staff sign-in: password (argon2id, through the members' own throttled check under the console's keys:
 * password-login.ts, ADR 0010), then the second factor: TOTP set up at the first sign-in (QR code + recovery codes),
 * a code or a recovery code afterwards. The sign-in is complete with the second factor: only then is its address
 * remembered as one the wide locks never close to this staff member (issue 21).
 */
const mismatch = () => new AppError('validation', { mail: ['staffLoginMismatch'] }, 'login_mismatch');
const codeMismatch = () => new AppError('validation', { code: ['staffTotpMismatch'] }, 'totp_mismatch');

/** Checks mail and password; answers the staff id (the caller starts the session). */
export async function authenticateStaff(ctx: AppContext, input: StaffLoginInput, ip: string): Promise<number> {
  const mail = input.mail.toLowerCase();
  const staff = await checkPassword(ctx, {
    kind: 'staff',
    mail,
    password: input.pass,
    ip,
    find: () => findStaffByMail(ctx.db.pool, mail),
    id: (s) => s.id,
    // A disabled account, or one whose invitation was never used, is refused like a wrong password.
    passHash: (s) => (s.disabled_at ? null : s.pass_hash),
    mismatch,
  });
  return staff.id;
}

/** Whether the staff member has set up the second factor (the password step's reply says which step is next). */
export async function staffHasTotp(ctx: AppContext, staffId: number): Promise<boolean> {
  const staff = await findStaffById(ctx.db.pool, staffId);
  return staff !== null && staff.totp_enabled_at !== null;
}

/** Who a live invitation link is for (the setup page greets them), or null for a used, expired or unknown one. */
export async function invitationFor(ctx: AppContext, token: string): Promise<{ mail: string; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const staffId = await findLiveInvite(ctx.db.pool, hashMailedToken(token), ctx.clock.now());
  const staff = staffId === null ? null : await findStaffById(ctx.db.pool, staffId);
  return staff && { mail: staff.mail, name: staff.name };
}

/** Uses an invitation link: sets the password. Answers the staff id (the caller starts a session). */
export async function acceptInvite(ctx: AppContext, input: StaffSetupInput): Promise<number> {
  const passHash = await hashPassword(input.pass);
  return withTransaction(ctx.db, async (tx) => {
    const staffId = await useStaffInvite(tx, hashMailedToken(input.token), ctx.clock.now());
    const staff = staffId === null ? null : await findStaffById(tx, staffId);
    if (!staff || staff.disabled_at) throw AppError.validation('token', 'staffSetupTokenInvalid', 'invite_invalid');
    await setStaffPassword(tx, staff.id, passHash);
    return staff.id;
  });
}

/** Starts (or restarts) TOTP setup in this session: a new secret, its otpauth URI and QR code. */
export async function startTotpSetup(ctx: AppContext, session: StaffSession) {
  if (session.totpEnabled) throw new AppError('conflict', { general: ['conflict'] }, 'totp_enabled');
  const secret = newTotpSecret();
  await setPendingTotpSecret(ctx.db.pool, session.idHash, sealSecret(ctx.config.sessionSecret, secret));
  const uri = totpUri(session.staff.mail, secret);
  return { secret, uri, qr_svg: await qrSvg(uri) };
}

const totpKey = (staffId: number) => `staff:totp:${staffId}`;

async function assertCodeNotLocked(ctx: AppContext, staffId: number) {
  const lock = await findLock(ctx, [totpKey(staffId)]);
  if (lock) throw lockedError(ctx, lock, 'code', 'staffTotpLocked' as MessageKey);
}

async function codeFailed(ctx: AppContext, staffId: number): Promise<never> {
  await recordAttempt(ctx, totpKey(staffId), THROTTLE_RULES.loginPair);
  throw codeMismatch();
}

/**
 * Confirms the setup with a first code: TOTP is on, ten recovery codes are made (shown once, stored hashed) and
 * the session is complete. Answers the recovery codes.
 */
export async function enableTotp(ctx: AppContext, session: StaffSession, code: string, ip: string): Promise<string[]> {
  await assertCodeNotLocked(ctx, session.staff.id);
  if (session.totpEnabled) throw new AppError('conflict', { general: ['conflict'] }, 'totp_enabled');
  if (!session.pendingTotpSecret) throw AppError.validation('code', 'staffTotpNotStarted', 'totp_not_started');
  const secret = openSecret(ctx.config.sessionSecret, session.pendingTotpSecret);
  const now = ctx.clock.now();
  const step = await verifyTotp(secret, code, now);
  if (step === null) return codeFailed(ctx, session.staff.id);
  const { codes, hashes } = newRecoveryCodes();
  await withTransaction(ctx.db, async (tx) => {
    await enableStaffTotp(tx, session.staff.id, sealSecret(ctx.config.sessionSecret, secret), step, now);
    await replaceRecoveryCodes(tx, session.staff.id, hashes, now);
    await completeStaffSession(tx, session.idHash);
  });
  await resetAttempts(ctx, totpKey(session.staff.id));
  await rememberKnownAddress(ctx, 'staff', session.staff.id, ip);
  return codes;
}

/** The second factor of a later sign-in: a current code (each accepted once) or an unused recovery code. */
export async function verifySecondFactor(ctx: AppContext, session: StaffSession, input: TotpVerifyInput, ip: string) {
  await assertCodeNotLocked(ctx, session.staff.id);
  const staff = await findStaffById(ctx.db.pool, session.staff.id);
  if (!staff?.totp_secret) throw AppError.validation('code', 'staffTotpNotStarted', 'totp_not_enabled');
  const now = ctx.clock.now();
  let ok = false;
  if (input.code !== undefined) {
    const step = await verifyTotp(openSecret(ctx.config.sessionSecret, staff.totp_secret), input.code, now);
    ok = step !== null && (await advanceTotpStep(ctx.db.pool, staff.id, step));
  } else if (input.recovery_code !== undefined) {
    ok = await useRecoveryCode(ctx.db.pool, staff.id, hashRecoveryCode(input.recovery_code), now);
  }
  if (!ok) return codeFailed(ctx, staff.id);
  await resetAttempts(ctx, totpKey(staff.id));
  await completeStaffSession(ctx.db.pool, session.idHash);
  await rememberKnownAddress(ctx, 'staff', staff.id, ip);
}
