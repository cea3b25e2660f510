import type { AdminCard, AdminMedia, AdminPackDetail, AdminPackSummary, ListPage } from '@oripa/core/admin';
import { apiGet, apiPost, apiUpload, type Reply } from '../../api/client';
import { fetchList } from './list';

/** The catalogue console's calls (apps/server/src/routes/admin/{cards,cards-media,packs}.ts). */

export const fetchCards = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminCard>('/admin/cards', params);
export const fetchCard = (id: number) => apiGet<Reply<{ card: AdminCard }>>(`/admin/cards/${id}`);
export const saveCard = (id: number | null, input: Record<string, unknown>) =>
  apiPost<Reply<{ card: AdminCard }>>(id ? `/admin/cards/${id}` : '/admin/cards', input);

/** Uploads an image; the reply's media.url is what a form stores. */
export const uploadImage = (file: File) => apiUpload<Reply<{ media: AdminMedia }>>('/admin/media', { file });

export const fetchPacks = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminPackSummary>('/admin/packs', params);
export const fetchPack = (id: number) => apiGet<Reply<{ pack: AdminPackDetail }>>(`/admin/packs/${id}`);
export const savePack = (id: number | null, input: Record<string, unknown>) =>
  apiPost<Reply<{ pack: AdminPackDetail }>>(id ? `/admin/packs/${id}` : '/admin/packs', input);
export const publishPack = (id: number) => apiPost<Reply<{ pack: AdminPackDetail }>>(`/admin/packs/${id}/publish`);
export const closePack = (id: number) => apiPost<Reply<{ pack: AdminPackDetail }>>(`/admin/packs/${id}/close`);
/** A signed, short-lived link to the storefront's page for a draft (the preview step). */
export const fetchPackPreview = (id: number) =>
  apiGet<Reply<{ url: string; expires_at: string }>>(`/admin/packs/${id}/preview`);
export const clonePack = (id: number) => apiPost<Reply<{ pack: AdminPackDetail }>>(`/admin/packs/${id}/clone`);

export type { ListPage };

/** Content (apps/server/src/routes/admin/content.ts): one list and one save call per kind. */
export type ContentKind = 'banners' | 'posts' | 'card-types' | 'point-courses' | 'coupons';
export type ContentRow = Record<string, unknown> & { id: number };
export const fetchContent = (kind: ContentKind) =>
  apiGet<Reply<{ rows: ContentRow[]; mode?: '0' | '1'; total?: number }>>(
    `/admin/content/${kind}${kind === 'posts' ? '?per_page=100' : ''}`,
  );
export const saveContent = (kind: ContentKind, id: number | null, input: Record<string, unknown>) =>
  apiPost<Reply<{ id: number }>>(id ? `/admin/content/${kind}/${id}` : `/admin/content/${kind}`, input);
export const deleteBanner = (id: number) => apiPost(`/admin/content/banners/${id}/delete`);
export const setBannerMode = (mode: '0' | '1') => apiPost('/admin/content/banners/mode', { mode });
