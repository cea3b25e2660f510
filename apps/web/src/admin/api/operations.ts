import type { MaintenanceInput, UnusedBalanceReport } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';
import { listQuery } from './list';

/** Operations (apps/server/src/routes/admin/operations.ts). */
export interface MaintenanceState {
  on: boolean;
  message_ja: string;
  message_en: string;
  forced: boolean;
}
export const fetchMaintenance = () => apiGet<Reply<MaintenanceState>>('/admin/operations/maintenance');
export const saveMaintenance = (input: MaintenanceInput) =>
  apiPost<Reply<MaintenanceState>>('/admin/operations/maintenance', input);
export const fetchUnusedBalance = () => apiGet<Reply<UnusedBalanceReport>>('/admin/operations/unused-balance');
/** A month's CSV, downloaded by a plain link (the staff cookie goes with it). */
export const reportCsvUrl = (month: string, kind: 'sales' | 'points') =>
  `/api/admin/operations/export${listQuery({ month, kind })}`;
