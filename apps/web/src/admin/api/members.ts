import type {
  AdjustmentInput,
  AdjustmentPreview,
  AdminLedgerRow,
  AdminMemberDetail,
  AdminMemberRow,
  ApprovalRow,
} from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';
import { fetchList } from './list';

/** Members for support (apps/server/src/routes/admin/members.ts). */
export const fetchMembers = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminMemberRow>('/admin/members', params);
export const fetchMember = (id: string) => apiGet<Reply<{ member: AdminMemberDetail }>>(`/admin/members/${id}`);
export const fetchLedger = (id: string, params: Record<string, string | number | undefined>) =>
  fetchList<AdminLedgerRow>(`/admin/members/${id}/ledger`, params);
/** Made at once (`member`), or above the limit a request an owner must approve (`approval`; ADR 0039). */
export const adjustBalance = (id: string, input: AdjustmentInput) =>
  apiPost<Reply<{ member?: AdminMemberRow; ledger_id?: number; approval?: ApprovalRow }>>(
    `/admin/members/${id}/adjust`,
    input,
  );
/** The confirm step's figures: before/after and whether the grant would wait for approval (issue 21 §10). */
export const previewAdjustment = (id: string, input: Pick<AdjustmentInput, 'currency' | 'amount'>) =>
  apiGet<Reply<{ preview: AdjustmentPreview }>>(
    `/admin/members/${id}/adjust-preview?currency=${input.currency}&amount=${encodeURIComponent(String(input.amount))}`,
  );
export const suspendMember = (id: string, suspend: boolean, reason: string) =>
  apiPost(`/admin/members/${id}/${suspend ? 'suspend' : 'reinstate'}`, { reason });
export const signOutMember = (id: string, reason: string) => apiPost(`/admin/members/${id}/sign-out`, { reason });
