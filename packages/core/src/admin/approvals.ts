import { z } from 'zod';
import { msg } from '../i18n/messages.ts';
import type { StaffRole } from './permissions.ts';

/**
 * Changes that need a second person (issue 21 §4, ADR 0039): the rules, pure. The server asks them when a change
 * is requested and when a request is decided; the console shows what `approvalActions` allows.
 */
export const APPROVAL_KINDS = ['staff.role', 'staff.disable', 'staff.reset_2fa', 'member.adjust'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/**
 * approve: another owner agrees (the owner concerned included: consent), and the change is made. refuse: another
 * owner says no. cancel: the requester withdraws it. apply: the requester makes a delayed owner change once its delay has
 * passed unrefused.
 */
export const APPROVAL_ACTIONS = ['approve', 'refuse', 'cancel', 'apply'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/**
 * With no owner besides the requester and the owner concerned, the owner concerned is the only one who could
 * approve; so that a lost or hostile owner cannot block the shop forever, the requester may apply the change
 * after this delay, counted from the request, which mails the owner concerned so they can refuse it meanwhile.
 */
export const OWNER_CHANGE_DELAY_HOURS = 72;

/** Balance grants above this (points or coins, per staff member and member over 24 hours) wait for an owner. */
export const DEFAULT_ADJUSTMENT_APPROVAL_ABOVE = 10_000;
export const GRANT_WINDOW_HOURS = 24;

export type StaffChange =
  { kind: 'staff.role'; role: StaffRole } | { kind: 'staff.disable' } | { kind: 'staff.reset_2fa' };

/**
 * Whether a change to `target` is owner-level: it takes an owner's power away (another role, disabled) or its
 * second factor (which lets whoever holds the password set up a new one). Such a change needs a second owner.
 * Enabling and promoting give nothing away and go through at once.
 */
export function isOwnerLevelChange(target: { role: StaffRole }, change: StaffChange): boolean {
  if (target.role !== 'owner') return false;
  return change.kind !== 'staff.role' || change.role !== 'owner';
}

/**
 * Whether a grant needs an owner's approval: it adds (points or coins), and together with what this staff member
 * granted this member in the last GRANT_WINDOW_HOURS it goes above the limit (so splitting one grant into many
 * small ones does not avoid the second person). Taking away never waits.
 */
export function grantNeedsApproval(amount: number, grantedRecently: number, limit: number): boolean {
  return amount > 0 && grantedRecently + amount > limit;
}

/**
 * The delay of an owner change: none while a third owner (neither the requester nor the owner concerned) can
 * approve; else OWNER_CHANGE_DELAY_HOURS from `now`.
 */
export function ownerChangeNotBefore(otherOwners: number, now: Date): Date | null {
  return otherOwners > 0 ? null : new Date(now.getTime() + OWNER_CHANGE_DELAY_HOURS * 3600_000);
}

export interface ApprovalFacts {
  status: ApprovalStatus;
  kind: ApprovalKind;
  requestedBy: number;
  /** The staff member a staff change concerns (null for a member grant). */
  targetStaffId: number | null;
  notBefore: Date | null;
}

/** The facts of a request as stored (approval_requests' columns). */
export function approvalFactsOf(r: {
  status: ApprovalStatus;
  kind: ApprovalKind;
  requested_by: number;
  target_type: 'staff' | 'member';
  target_id: number;
  not_before: Date | null;
}): ApprovalFacts {
  return {
    status: r.status,
    kind: r.kind,
    requestedBy: Number(r.requested_by),
    targetStaffId: r.target_type === 'staff' ? Number(r.target_id) : null,
    notBefore: r.not_before,
  };
}

/** Why `by` may not do `action` to the request now (a console message key), or null when it may. */
export function approvalRefusal(
  r: ApprovalFacts,
  by: { id: number; role: StaffRole },
  action: ApprovalAction,
  now: Date,
): 'approvalDecided' | 'approvalOwnRequest' | 'approvalOwnerOnly' | 'approvalNotDue' | 'staffForbidden' | null {
  if (r.status !== 'pending') return 'approvalDecided';
  const mine = by.id === r.requestedBy;
  switch (action) {
    case 'approve':
      if (mine) return 'approvalOwnRequest';
      return by.role === 'owner' ? null : 'approvalOwnerOnly';
    case 'refuse':
      // Any other owner, the owner concerned included (who may also approve: consent), may say no.
      if (mine) return 'approvalOwnRequest';
      return by.role === 'owner' ? null : 'approvalOwnerOnly';
    case 'cancel':
      return mine ? null : 'staffForbidden';
    case 'apply':
      if (!mine || r.notBefore === null || by.role !== 'owner') return 'staffForbidden';
      return now.getTime() >= r.notBefore.getTime() ? null : 'approvalNotDue';
  }
}

/** What `by` may do with the request now (the console's buttons). */
export function approvalActions(r: ApprovalFacts, by: { id: number; role: StaffRole }, now: Date): ApprovalAction[] {
  return APPROVAL_ACTIONS.filter((a) => approvalRefusal(r, by, a, now) === null);
}

/** A decision's note (optional; kept in the request and its audit row). */
export const approvalDecisionSchema = z.object({
  note: z
    .string({ error: 'notString' })
    .trim()
    .max(500, msg('tooLong', { max: 500 }))
    .optional()
    .default(''),
});

export const approvalListSchema = z.object({
  status: z.enum(['pending', 'decided'], { error: 'invalid' }).default('pending'),
});

/** GET /api/admin/approvals: one request as the console lists it. */
export interface ApprovalRow {
  id: number;
  kind: ApprovalKind;
  status: ApprovalStatus;
  target_type: 'staff' | 'member';
  target_id: number;
  target_name: string;
  /** staff.role: the new role; member.adjust: currency and amount. */
  role: StaffRole | null;
  currency: 'point' | 'coin' | null;
  amount: number | null;
  reason: string;
  requested_by: number;
  requested_by_name: string;
  requested_at: string;
  /** A delayed owner change: when the requester may apply it ('' otherwise). */
  not_before: string;
  decided_by: number | null;
  decided_by_name: string;
  decided_at: string;
  decision_note: string;
  /** What the signed-in staff member may do with it. */
  actions: ApprovalAction[];
}
