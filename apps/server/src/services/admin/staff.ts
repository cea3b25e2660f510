import type { StaffCreateInput, StaffRole, StaffRow } from '@oripa/core/admin';
import { formatTokyo } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  countActiveOwners,
  expireStaffInvites,
  findStaffById,
  insertStaffInvite,
  insertStaff,
  listStaff,
  lockStaff,
  lockStaffTable,
  resetStaffTotp,
  setStaffDisabled,
  updateStaffRole,
  type StaffRecord,
} from '../../db/queries/staff.ts';
import { deleteStaffSessions } from '../../db/queries/staff-sessions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { hashMailedToken, newMailedToken } from '../mailed-tokens.ts';
import { hashPassword } from '../passwords.ts';
import { withAudit } from './audit.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/** Staff management (owner): invitations, roles, disabling; every change is audited. */
export const INVITE_TTL_HOURS = 72;

export const staffStatus = (s: StaffRecord): StaffRow['status'] =>
  s.disabled_at ? 'disabled' : s.pass_hash ? 'active' : 'invited';

export const presentStaff = (s: StaffRecord): StaffRow => ({
  id: s.id,
  mail: s.mail,
  name: s.name,
  role: s.role,
  status: staffStatus(s),
  totp_enabled: s.totp_enabled_at !== null,
  created_at: formatTokyo(s.created_at),
});

/** What the audit log keeps of a staff row (no hashes or secrets). */
const auditView = (s: StaffRecord) => ({ mail: s.mail, name: s.name, role: s.role, status: staffStatus(s) });

/** A one-time setup link for `staffId` (earlier unused ones end). */
async function issueInvite(ctx: AppContext, tx: PoolClient, staffId: number): Promise<string> {
  const now = ctx.clock.now();
  await expireStaffInvites(tx, staffId, now);
  const token = newMailedToken();
  await insertStaffInvite(tx, {
    tokenHash: hashMailedToken(token),
    staffId,
    expiresAt: new Date(now.getTime() + INVITE_TTL_HOURS * 3600_000),
  });
  return `${ctx.config.publicUrl}/admin/setup?token=${token}`;
}

const mailTaken = () => AppError.validation('mail', 'staffMailTaken', 'mail_taken');

/** Creates a staff member with a role and answers the invitation link the owner passes on. */
export async function inviteStaff(ctx: AppContext, by: StaffIdentity, input: StaffCreateInput) {
  return withAudit(ctx, by, { action: 'staff.create', targetType: 'staff', targetId: null }, async (tx) => {
    const id = await insertStaff(tx, { ...input, passHash: null, createdBy: by.id });
    if (id === null) throw mailTaken();
    const link = await issueInvite(ctx, tx, id);
    const staff = (await findStaffById(tx, id))!;
    return { before: null, after: { id, ...auditView(staff) }, result: { staff: presentStaff(staff), link } };
  });
}

/**
 * A staff account made outside the console: the first owner (scripts/admin.ts create-owner; answers its one-time
 * setup link), the development demo owner and test staff (with a password; the second factor is still set up at
 * the first sign-in).
 */
export async function createStaffAccount(
  ctx: AppContext,
  o: { mail: string; name: string; role?: StaffRole; password?: string },
): Promise<{ id: number; link: string | null }> {
  const passHash = o.password ? await hashPassword(o.password) : null;
  const role = o.role ?? 'owner';
  return withTransaction(ctx.db, async (tx) => {
    const id = await insertStaff(tx, { mail: o.mail, name: o.name, role, passHash, createdBy: null });
    if (id === null) throw mailTaken();
    return { id, link: passHash ? null : await issueInvite(ctx, tx, id) };
  });
}

export async function staffList(ctx: AppContext): Promise<StaffRow[]> {
  return (await listStaff(ctx.db.pool)).map(presentStaff);
}

/** Locks the target and refuses acting on oneself or leaving the shop without an active owner. */
async function lockTarget(tx: PoolClient, by: StaffIdentity, id: number, losesOwner: (s: StaffRecord) => boolean) {
  if (id === by.id) throw AppError.validation('general', 'staffSelf', 'self');
  const staff = await lockStaff(tx, id);
  if (!staff) throw new AppError('not_found', { general: ['notFound'] });
  if (losesOwner(staff)) {
    // Owners are few; serialise owner changes so two owners cannot disable each other at once.
    await lockStaffTable(tx);
  }
  return staff;
}

export async function changeStaffRole(ctx: AppContext, by: StaffIdentity, id: number, role: StaffRole) {
  return withAudit(ctx, by, { action: 'staff.role', targetType: 'staff', targetId: id }, async (tx) => {
    const staff = await lockTarget(tx, by, id, (s) => s.role === 'owner' && role !== 'owner');
    if (staff.role === 'owner' && role !== 'owner' && !staff.disabled_at && (await countActiveOwners(tx)) <= 1) {
      throw AppError.validation('role', 'staffLastOwner', 'last_owner');
    }
    await updateStaffRole(tx, id, role);
    // A new role starts with a new sign-in.
    await deleteStaffSessions(tx, id);
    const after = (await findStaffById(tx, id))!;
    return { before: auditView(staff), after: auditView(after), result: presentStaff(after) };
  });
}

export async function setStaffEnabled(ctx: AppContext, by: StaffIdentity, id: number, enabled: boolean) {
  const action = enabled ? 'staff.enable' : 'staff.disable';
  return withAudit(ctx, by, { action, targetType: 'staff', targetId: id }, async (tx) => {
    const staff = await lockTarget(tx, by, id, (s) => !enabled && s.role === 'owner');
    if (!enabled && staff.role === 'owner' && !staff.disabled_at && (await countActiveOwners(tx)) <= 1) {
      throw AppError.validation('general', 'staffLastOwner', 'last_owner');
    }
    await setStaffDisabled(tx, id, enabled ? null : ctx.clock.now());
    if (!enabled) await deleteStaffSessions(tx, id);
    const after = (await findStaffById(tx, id))!;
    return { before: auditView(staff), after: auditView(after), result: presentStaff(after) };
  });
}

/** A new setup link (lost invitation) and, when asked, a fresh second factor (lost phone and codes). */
export async function reissueStaffAccess(ctx: AppContext, by: StaffIdentity, id: number, resetTotp: boolean) {
  const action = resetTotp ? 'staff.reset_2fa' : 'staff.reinvite';
  return withAudit(ctx, by, { action, targetType: 'staff', targetId: id }, async (tx) => {
    const staff = await lockTarget(tx, by, id, () => false);
    if (resetTotp) {
      await resetStaffTotp(tx, id);
      await deleteStaffSessions(tx, id);
    }
    // With a password kept, the next sign-in sets up a new second factor; without one, a new link.
    const link = staff.pass_hash ? null : await issueInvite(ctx, tx, id);
    const after = (await findStaffById(tx, id))!;
    return {
      before: { ...auditView(staff), totp: staff.totp_enabled_at !== null },
      after: { ...auditView(after), totp: after.totp_enabled_at !== null },
      result: { staff: presentStaff(after), link },
    };
  });
}
