import { apiGet, apiPost, type ApiReply } from '../../api/client';

/**
 * apiPost with one retry after a CSRF refusal (state 403, which changes nothing on the server).
 * Why: a first-time visitor's parallel first GETs each get a new guest session cookie and a CSRF pair bound to
 * it; the browser may keep one request's cookie while the client keeps another reply's pair, so the first POST
 * is refused. A fresh GET now (the cookie has settled) yields a matching pair.
 */
export async function accountPost<T extends ApiReply = ApiReply>(
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const first = await apiPost<T>(path, params);
  if (first.state !== 403) return first;
  await apiGet('/user/point');
  return apiPost<T>(path, params);
}
