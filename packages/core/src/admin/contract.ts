import type { Permission, StaffRole } from './permissions.ts';

/** Wire shapes of /api/admin replies (inside the envelope). Times are Asia/Tokyo `YYYY-MM-DD HH:mm:ss`. */

/** Where a staff sign-in stands: 'password' (TOTP still to set up or enter) or 'full'. */
export type StaffStage = 'password' | 'full';

/** GET /api/admin/session: who is signed in and what they may do. */
export interface StaffMe {
  id: number;
  mail: string;
  name: string;
  role: StaffRole;
  stage: StaffStage;
  /** Whether TOTP is already set up (stage 'password': enter a code; otherwise set it up). */
  totp_enabled: boolean;
  permissions: Permission[];
}

export interface StaffRow {
  id: number;
  mail: string;
  name: string;
  role: StaffRole;
  /** 'invited' (no password yet), 'active', 'disabled'. */
  status: 'invited' | 'active' | 'disabled';
  totp_enabled: boolean;
  created_at: string;
}

export interface AuditRow {
  id: number;
  created_at: string;
  staff_id: number | null;
  staff_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string;
  before: unknown;
  after: unknown;
}

export interface AdminMemberRow {
  id: number;
  mail: string;
  name: string;
  tel: string;
  point_balance: number;
  coin_balance: number;
  suspended: boolean;
  created_at: string;
  last_activity_at: string;
}

/** GET /api/admin/members/:id: the member, balances and recent activity. */
export interface AdminMemberDetail extends AdminMemberRow {
  lang: string;
  rank: number;
  sms_tel: string;
  mail_verified: boolean;
  sms_verified: boolean;
  suspended_at: string;
  address: string;
  /**
   * Idle accounts (spec section 9; ADR 0037): when the account closes if no point is bought, used or exchanged
   * before ('' once closed), and when this idle period's notice was mailed ('' if not yet).
   */
  idle_closes_at: string;
  idle_notice_sent_at: string;
  /** When and why the account closed ('' while open). */
  closed_at: string;
  closed_reason: '' | 'withdrawal' | 'idle';
  purchases: {
    id: number;
    pack_id: number;
    pack_name: string;
    count: number;
    price: number;
    currency: string;
    created_at: string;
  }[];
  payments: {
    id: number;
    public_id: string;
    pay_id: number;
    status: string;
    amount: number;
    point: number;
    created_at: string;
    credited_at: string;
  }[];
  shipments: {
    id: number;
    status: string;
    delivery_code: string;
    cards: number;
    created_at: string;
    shipped_at: string;
  }[];
  sessions: { created_at: string; expires_at: string; persistent: boolean }[];
}

/** A ledger row of the member page (GET /api/admin/members/:id/ledger). */
export interface AdminLedgerRow {
  id: number;
  currency: 'point' | 'coin';
  amount: number;
  balance_after: number;
  reason: string;
  /** What the member's history says for this row (core ledgerLabel), in the staff's language. */
  label: string;
  ref_type: string | null;
  ref_id: number | null;
  memo: string;
  created_at: string;
}

/**
 * GET /api/admin/members/:id/adjust-preview: what the confirm step of a balance adjustment shows (issue 21 §10) —
 * the member, the balance before and after, and whether the grant waits for another owner's approval (ADR 0039:
 * what this staff member granted this member over the last 24 hours plus this amount, against the limit).
 */
export interface AdjustmentPreview {
  member: { id: number; name: string; mail: string };
  currency: 'point' | 'coin';
  amount: number;
  before: number;
  after: number;
  needs_approval: boolean;
  /** ADJUSTMENT_APPROVAL_ABOVE and what this staff member already granted this member in the window. */
  limit: number;
  granted_recently: number;
}
