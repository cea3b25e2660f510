import {
  isOwnerLevelChange,
  type StaffChange,
  type StaffCreateInput,
  type StaffRole,
  type StaffRow,
} from '@oripa/core/admin';
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
  staffLang,
  setStaffDisabled,
  updateStaffRole,
  type StaffRecord,
} from '../../db/queries/staff.ts';
import { deleteStaffSessions } from '../../db/queries/staff-sessions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { sendStaffInvitation } from '../../mail/staff-invitation.ts';
import { hashMailedToken, newMailedToken } from '../mailed-tokens.ts';
import { hashPassword } from '../passwords.ts';
import { requestOwnerChange } from './approval-requests.ts';
import { auditIn, withAudit } from './audit.ts';
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

/**
 * A one-time setup link for `staffId` (earlier unused ones end), mailed to them in the transaction that issues it
 * (issue 21 §10: the owner no longer passes it on by hand; the console still shows it to copy). `invitedBy` names
 * the staff member who asked (null for create-owner).
 */
async function issueInvite(ctx: AppContext, tx: PoolClient, staffId: number, invitedBy: string | null) {
  const now = ctx.clock.now();
  await expireStaffInvites(tx, staffId, now);
  const token = newMailedToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3600_000);
  await insertStaffInvite(tx, { tokenHash: hashMailedToken(token), staffId, expiresAt });
  const link = `${ctx.config.publicUrl}/admin/setup?token=${token}`;
  const staff = (await findStaffById(tx, staffId))!;
  await sendStaffInvitation(
    ctx,
    tx,
    { mail: staff.mail, lang: await staffLang(tx, staffId) },
    { name: staff.name, role: staff.role, invitedBy, link, expiresAt },
  );
  return link;
}

const mailTaken = () => AppError.validation('mail', 'staffMailTaken', 'mail_taken');

/** Creates a staff member with a role, mails them the invitation link and answers it (it can still be copied). */
export async function inviteStaff(ctx: AppContext, by: StaffIdentity, input: StaffCreateInput) {
  return withAudit(ctx, by, { action: 'staff.create', targetType: 'staff', targetId: null }, async (tx) => {
    const id = await insertStaff(tx, { ...input, passHash: null, createdBy: by.id });
    if (id === null) throw mailTaken();
    const link = await issueInvite(ctx, tx, id, by.name);
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
    return { id, link: passHash ? null : await issueInvite(ctx, tx, id, null) };
  });
}

export async function staffList(ctx: AppContext): Promise<StaffRow[]> {
  return (await listStaff(ctx.db.pool)).map(presentStaff);
}

/** Locks the target and refuses acting on oneself or leaving the shop without an active owner. */
async function lockTarget(
  tx: PoolClient,
  by: Pick<StaffIdentity, 'id'>,
  id: number,
  losesOwner: (s: StaffRecord) => boolean,
) {
  if (id === by.id) throw AppError.validation('general', 'staffSelf', 'self');
  const staff = await lockStaff(tx, id);
  if (!staff) throw new AppError('not_found', { general: ['notFound'] });
  if (losesOwner(staff)) {
    // Owners are few; serialise owner changes so two owners cannot disable each other at once.
    await lockStaffTable(tx);
  }
  return staff;
}

/**
 * What a staff change did: made at once, or waiting for a second owner (a change to another owner, ADR 0039) as the
 * approval request `approvalId`.
 */
export type StaffChangeOutcome<T> = { done: T; approvalId?: undefined } | { done?: undefined; approvalId: number };

/** How an approved change is recorded beside what it changed (the audit row's `after`). */
export interface ApprovedBy {
  approval_id: number;
  approved_by: number;
  /** A delayed owner change the requester made once its delay had passed (no second owner to approve it). */
  after_delay: boolean;
}

const losesOwner = (change: StaffChange) => (s: StaffRecord) =>
  s.role === 'owner' && (change.kind !== 'staff.role' || change.role !== 'owner');

/**
 * Makes `change` to staff member `id` on `tx` and audits it as `by`'s (the requester's): the last active owner
 * keeps the role and stays enabled; a new role or a disabled account ends the sessions; a reset second factor is
 * set up again at the next sign-in. `approved` says which approval let it through. Answers the staff row and, for
 * a reset of an account that never set a password, a new setup link.
 */
export async function applyStaffChange(
  ctx: AppContext,
  tx: PoolClient,
  by: Pick<StaffIdentity, 'id'>,
  id: number,
  change: StaffChange,
  reason: string,
  approved: ApprovedBy | null = null,
): Promise<{ staff: StaffRow; link: string | null }> {
  const staff = await lockTarget(tx, by, id, losesOwner(change));
  return makeChange(ctx, tx, by, staff, change, reason, approved);
}

async function makeChange(
  ctx: AppContext,
  tx: PoolClient,
  by: Pick<StaffIdentity, 'id'>,
  staff: StaffRecord,
  change: StaffChange,
  reason: string,
  approved: ApprovedBy | null,
): Promise<{ staff: StaffRow; link: string | null }> {
  const id = staff.id;
  const lastOwner = async () => staff.role === 'owner' && !staff.disabled_at && (await countActiveOwners(tx)) <= 1;
  let link: string | null = null;
  if (change.kind === 'staff.role') {
    if (change.role !== 'owner' && (await lastOwner())) {
      throw AppError.validation('role', 'staffLastOwner', 'last_owner');
    }
    await updateStaffRole(tx, id, change.role);
    // A new role starts with a new sign-in.
    await deleteStaffSessions(tx, id);
  } else if (change.kind === 'staff.disable') {
    if (await lastOwner()) throw AppError.validation('general', 'staffLastOwner', 'last_owner');
    await setStaffDisabled(tx, id, ctx.clock.now());
    await deleteStaffSessions(tx, id);
  } else {
    await resetStaffTotp(tx, id);
    await deleteStaffSessions(tx, id);
    // With a password kept, the next sign-in sets up a new second factor; without one, a new link.
    link = staff.pass_hash ? null : await issueInvite(ctx, tx, id, null);
  }
  const after = (await findStaffById(tx, id))!;
  const view = (s: StaffRecord) =>
    change.kind === 'staff.reset_2fa' ? { ...auditView(s), totp: s.totp_enabled_at !== null } : auditView(s);
  await auditIn(
    ctx,
    tx,
    by.id,
    { action: change.kind, targetType: 'staff', targetId: id, reason },
    view(staff),
    approved ? { ...view(after), ...approved } : view(after),
  );
  return { staff: presentStaff(after), link };
}

/** A change another owner must approve when it concerns an owner (isOwnerLevelChange); else made at once. */
async function changeOrRequest(
  ctx: AppContext,
  by: StaffIdentity,
  id: number,
  change: StaffChange,
  reason: string,
): Promise<StaffChangeOutcome<{ staff: StaffRow; link: string | null }>> {
  return withTransaction(ctx.db, async (tx) => {
    const staff = await lockTarget(tx, by, id, losesOwner(change));
    if (isOwnerLevelChange(staff, change)) {
      return { approvalId: await requestOwnerChange(ctx, tx, by, staff, change, reason) };
    }
    return { done: await makeChange(ctx, tx, by, staff, change, reason, null) };
  });
}

export async function changeStaffRole(
  ctx: AppContext,
  by: StaffIdentity,
  id: number,
  role: StaffRole,
  reason = '',
): Promise<StaffChangeOutcome<StaffRow>> {
  const r = await changeOrRequest(ctx, by, id, { kind: 'staff.role', role }, reason);
  return r.done ? { done: r.done.staff } : { approvalId: r.approvalId! };
}

/** Disabling another owner waits for a second owner; disabling anyone else, and enabling, is done at once. */
export async function setStaffEnabled(
  ctx: AppContext,
  by: StaffIdentity,
  id: number,
  enabled: boolean,
  reason = '',
): Promise<StaffChangeOutcome<StaffRow>> {
  if (!enabled) {
    const r = await changeOrRequest(ctx, by, id, { kind: 'staff.disable' }, reason);
    return r.done ? { done: r.done.staff } : { approvalId: r.approvalId! };
  }
  const staff = await withAudit(
    ctx,
    by,
    { action: 'staff.enable', targetType: 'staff', targetId: id, reason },
    async (tx) => {
      const before = await lockTarget(tx, by, id, () => false);
      await setStaffDisabled(tx, id, null);
      const after = (await findStaffById(tx, id))!;
      return { before: auditView(before), after: auditView(after), result: presentStaff(after) };
    },
  );
  return { done: staff };
}

/**
 * A new setup link (lost invitation) and, when asked, a fresh second factor (lost phone and codes). Resetting
 * another owner's second factor waits for a second owner: whoever holds that owner's password could set up their
 * own.
 */
export async function reissueStaffAccess(
  ctx: AppContext,
  by: StaffIdentity,
  id: number,
  resetTotp: boolean,
  reason = '',
): Promise<StaffChangeOutcome<{ staff: StaffRow; link: string | null }>> {
  if (resetTotp) return changeOrRequest(ctx, by, id, { kind: 'staff.reset_2fa' }, reason);
  const done = await withAudit(
    ctx,
    by,
    { action: 'staff.reinvite', targetType: 'staff', targetId: id, reason },
    async (tx) => {
      const staff = await lockTarget(tx, by, id, () => false);
      const link = staff.pass_hash ? null : await issueInvite(ctx, tx, id, by.name);
      const after = (await findStaffById(tx, id))!;
      return {
        before: { ...auditView(staff), totp: staff.totp_enabled_at !== null },
        after: { ...auditView(after), totp: after.totp_enabled_at !== null },
        result: { staff: presentStaff(after), link },
      };
    },
  );
  return { done };
}
