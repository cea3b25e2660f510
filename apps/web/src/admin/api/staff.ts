import type { StaffRole, StaffRow } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** Staff management (owner; apps/server/src/routes/admin/staff.ts). */
export const fetchStaff = () => apiGet<Reply<{ staff: StaffRow[] }>>('/admin/staff');
export const inviteStaff = (input: { mail: string; name: string; role: StaffRole }) =>
  apiPost<Reply<{ staff: StaffRow; link: string }>>('/admin/staff', input);
export const changeRole = (id: number, role: StaffRole) => apiPost(`/admin/staff/${id}/role`, { role });
export const setEnabled = (id: number, enabled: boolean) =>
  apiPost(`/admin/staff/${id}/${enabled ? 'enable' : 'disable'}`);
export const reissueAccess = (id: number, reset2fa: boolean) =>
  apiPost<Reply<{ link: string | null }>>(`/admin/staff/${id}/${reset2fa ? 'reset-2fa' : 'reinvite'}`);
