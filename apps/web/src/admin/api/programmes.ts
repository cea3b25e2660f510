import type {
  AdminExchangeCardRow,
  AdminExchangeOrderRow,
  AdminPartnerSiteRow,
  AdminSnsCampaignRow,
} from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';
import { fetchList } from './list';

/** The member programmes in the console (apps/server/src/routes/admin/programmes.ts). */
const base = '/admin/programmes';

export const fetchExchangeCards = () => apiGet<Reply<{ rows: AdminExchangeCardRow[] }>>(`${base}/exchange-cards`);
export const saveExchangeCard = (id: number | null, input: Record<string, unknown>) =>
  apiPost<Reply<{ id: number }>>(id === null ? `${base}/exchange-cards` : `${base}/exchange-cards/${id}`, input);
export const setExchangeCardOpen = (id: number, open: boolean) =>
  apiPost(`${base}/exchange-cards/${id}/${open ? 'open' : 'close'}`);

export const fetchExchangeOrders = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminExchangeOrderRow>(`${base}/exchange-orders`, params);

export const fetchPartnerSites = () => apiGet<Reply<{ rows: AdminPartnerSiteRow[] }>>(`${base}/partner-sites`);
export const setPartnerSiteEnabled = (id: number, enabled: boolean) =>
  apiPost(`${base}/partner-sites/${id}/${enabled ? 'enable' : 'disable'}`);

export const fetchSnsCampaigns = () => apiGet<Reply<{ rows: AdminSnsCampaignRow[] }>>(`${base}/sns-campaigns`);
export const saveSnsCampaign = (code: string | null, input: Record<string, unknown>) =>
  apiPost<Reply<{ code: string }>>(
    code === null ? `${base}/sns-campaigns` : `${base}/sns-campaigns/${encodeURIComponent(code)}`,
    input,
  );
