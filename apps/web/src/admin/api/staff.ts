import type { ApprovalRow, StaffRole, StaffRow } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** Staff management (owner; apps/server/src/routes/admin/staff.ts). */
export const fetchStaff = () => apiGet<Reply<{ staff: StaffRow[] }>>('/admin/staff');
export const inviteStaff = (input: { mail: string; name: string; role: StaffRole; lang?: 'ja' | 'en' }) =>
  apiPost<Reply<{ staff: StaffRow; link: string }>>('/admin/staff', input);
/**
 * A change answers the staff row, or, for a change to another owner (demote, disable, reset 2FA), the approval
 * request another owner must approve (ADR 0039); those need a reason.
 */
export type StaffChangeReply = Reply<{ staff?: StaffRow; link?: string | null; approval?: ApprovalRow }>;
export const changeRole = (id: number, role: StaffRole, reason = '') =>
  apiPost<StaffChangeReply>(`/admin/staff/${id}/role`, { role, reason });
export const setEnabled = (id: number, enabled: boolean, reason = '') =>
  apiPost<StaffChangeReply>(`/admin/staff/${id}/${enabled ? 'enable' : 'disable'}`, { reason });
export const reissueAccess = (id: number, reset2fa: boolean, reason = '') =>
  apiPost<StaffChangeReply>(`/admin/staff/${id}/${reset2fa ? 'reset-2fa' : 'reinvite'}`, { reason });
