import type { AuditRow } from '@oripa/core/admin';
import { fetchList } from './list';

/** The audit log (apps/server/src/routes/admin/audit.ts). */
export const fetchAudit = (params: Record<string, string | number | undefined>) =>
  fetchList<AuditRow, { actions: string[] }>('/admin/audit', params);
