import { SHOP_TIME_HEADER } from '@oripa/core';
import type { AdminCardImportPreview, AdminImportPictures } from '@oripa/core/admin';
import { apiGet, currentCsrf, noteReply, type ApiReply, type Reply } from '../../api/client';
import { noteShopTime } from '../../lib/time/shop-time';

/**
 * Bulk card registration (apps/server/src/routes/admin/cards-import.ts): the preview of a file with the names of
 * its pictures, a batch of pictures stored (with the upload's progress), the import; the export is a plain link.
 * Only the import page loads this module.
 */

const NETWORK_ERROR: ApiReply = { state: 0, networkError: true, errors: { general: ['communication'] } };

/**
 * A multipart POST with the upload's progress: `parts` may repeat a name (several files), `onProgress` gets the
 * bytes sent of the body's total. fetch cannot report an upload's progress, so this is an XMLHttpRequest; its reply
 * is noted as every reply is (CSRF pair, maintenance).
 */
async function uploadParts<T extends ApiReply>(
  path: string,
  parts: readonly (readonly [name: string, value: Blob | string, fileName?: string])[],
  onProgress?: (sent: number, total: number) => void,
): Promise<T> {
  if (!currentCsrf()) await apiGet('/user/point');
  const form = new FormData();
  form.set('csrf_name', currentCsrf()?.csrf_name ?? '');
  form.set('csrf_value', currentCsrf()?.csrf_value ?? '');
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const reply = await new Promise<ApiReply>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.responseType = 'json';
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total);
    xhr.onload = () => {
      noteShopTime(xhr.getResponseHeader(SHOP_TIME_HEADER));
      resolve((xhr.response as ApiReply | null) ?? NETWORK_ERROR);
    };
    xhr.onerror = () => resolve(NETWORK_ERROR);
    xhr.send(form);
  });
  noteReply(reply);
  return reply as T;
}

export const previewCardImport = (csv: Blob, pictures: string[]) =>
  uploadParts<Reply<{ preview: AdminCardImportPreview }>>('/admin/cards/import/preview', [
    ['csv', csv, 'cards.csv'],
    ['json', JSON.stringify({ pictures })],
  ]);
export const uploadImportPictures = (
  files: readonly { name: string; blob: Blob }[],
  onProgress?: (sent: number, total: number) => void,
) =>
  uploadParts<Reply<AdminImportPictures>>(
    '/admin/cards/import/pictures',
    files.map((f) => ['file', f.blob, f.name] as const),
    onProgress,
  );
export const importCards = (csv: Blob, pictures: Record<string, string>) =>
  uploadParts<Reply<{ created: number; unchanged: number }>>('/admin/cards/import', [
    ['csv', csv, 'cards.csv'],
    ['json', JSON.stringify({ pictures })],
  ]);
export const CARD_EXPORT_URL = '/api/admin/cards/export';
