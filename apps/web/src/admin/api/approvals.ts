import type { ApprovalAction, ApprovalRow } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** Changes waiting for a second person (apps/server/src/routes/admin/approvals.ts, ADR 0039). */
export const fetchApprovals = (status: 'pending' | 'decided') =>
  apiGet<Reply<{ approvals: ApprovalRow[] }>>(`/admin/approvals?status=${status}`);

export const decideApproval = (id: number, action: ApprovalAction, note = '') =>
  apiPost<Reply<{ approval: ApprovalRow }>>(`/admin/approvals/${id}/${action}`, { note });
