import { describe, expect, it } from 'vitest';
import {
  approvalActions,
  approvalRefusal,
  grantNeedsApproval,
  isOwnerLevelChange,
  OWNER_CHANGE_DELAY_HOURS,
  ownerChangeNotBefore,
  type ApprovalFacts,
} from './approvals.ts';

const now = new Date('2026-11-24T03:00:00Z');
const pending: ApprovalFacts = {
  status: 'pending',
  kind: 'staff.disable',
  requestedBy: 1,
  targetStaffId: 2,
  notBefore: null,
};

describe('changes that need a second person (ADR 0039)', () => {
  it('an owner-level change takes an owner’s power or second factor; enabling and promoting do not', () => {
    expect(isOwnerLevelChange({ role: 'owner' }, { kind: 'staff.disable' })).toBe(true);
    expect(isOwnerLevelChange({ role: 'owner' }, { kind: 'staff.reset_2fa' })).toBe(true);
    expect(isOwnerLevelChange({ role: 'owner' }, { kind: 'staff.role', role: 'support' })).toBe(true);
    expect(isOwnerLevelChange({ role: 'owner' }, { kind: 'staff.role', role: 'owner' })).toBe(false);
    expect(isOwnerLevelChange({ role: 'support' }, { kind: 'staff.disable' })).toBe(false);
    expect(isOwnerLevelChange({ role: 'operator' }, { kind: 'staff.role', role: 'owner' })).toBe(false);
  });

  it('a grant waits when it takes the last 24 hours of one person’s grants above the limit; taking never waits', () => {
    expect(grantNeedsApproval(10_000, 0, 10_000)).toBe(false);
    expect(grantNeedsApproval(10_001, 0, 10_000)).toBe(true);
    expect(grantNeedsApproval(1, 10_000, 10_000)).toBe(true);
    expect(grantNeedsApproval(-1_000_000, 0, 10_000)).toBe(false);
  });

  it('delays an owner change only when no third owner could approve it', () => {
    expect(ownerChangeNotBefore(1, now)).toBeNull();
    expect(ownerChangeNotBefore(0, now)?.getTime()).toBe(now.getTime() + OWNER_CHANGE_DELAY_HOURS * 3600_000);
  });

  it('the requester never approves or refuses its own request; only an owner decides; the requester cancels', () => {
    expect(approvalRefusal(pending, { id: 1, role: 'owner' }, 'approve', now)).toBe('approvalOwnRequest');
    expect(approvalRefusal(pending, { id: 1, role: 'owner' }, 'refuse', now)).toBe('approvalOwnRequest');
    expect(approvalRefusal(pending, { id: 3, role: 'support' }, 'approve', now)).toBe('approvalOwnerOnly');
    expect(approvalActions(pending, { id: 3, role: 'owner' }, now)).toEqual(['approve', 'refuse']);
    // The owner concerned may consent or refuse.
    expect(approvalActions(pending, { id: 2, role: 'owner' }, now)).toEqual(['approve', 'refuse']);
    expect(approvalActions(pending, { id: 1, role: 'owner' }, now)).toEqual(['cancel']);
    expect(approvalActions({ ...pending, status: 'approved' }, { id: 3, role: 'owner' }, now)).toEqual([]);
  });

  it('a delayed change can be applied by its requester once due, not before', () => {
    const delayed = { ...pending, notBefore: new Date(now.getTime() + 1000) };
    expect(approvalRefusal(delayed, { id: 1, role: 'owner' }, 'apply', now)).toBe('approvalNotDue');
    expect(approvalActions(delayed, { id: 1, role: 'owner' }, new Date(now.getTime() + 1000))).toEqual([
      'cancel',
      'apply',
    ]);
    expect(approvalRefusal(delayed, { id: 3, role: 'owner' }, 'apply', new Date(now.getTime() + 1000))).toBe(
      'staffForbidden',
    );
    expect(approvalRefusal(pending, { id: 1, role: 'owner' }, 'apply', now)).toBe('staffForbidden');
  });
});
