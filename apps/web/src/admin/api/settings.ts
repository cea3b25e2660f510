import type { ShopSettings, ShopSettingsInput } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** The shop's settings (apps/server/src/routes/admin/settings.ts; owners). */
export const fetchShopSettings = () => apiGet<Reply<{ settings: ShopSettings }>>('/admin/settings');
export const saveShopSettings = (input: ShopSettingsInput) =>
  apiPost<Reply<{ settings: ShopSettings }>>('/admin/settings', input);
