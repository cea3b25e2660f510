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
