import type { ApiClient, Envelope } from '../api-client.ts';

/**
 * POSTs to /api`path` as if through a proxy that appended the client address `forwardedFor` (the test shop runs
 * with TRUST_PROXY=1, so the server takes the last X-Forwarded-For entry as the client's address).
 */
export async function postFrom(
  client: ApiClient,
  forwardedFor: string,
  path: string,
  params: unknown,
): Promise<Envelope> {
  if (!client.csrf) await client.get('/user/point');
  const res = await client.raw(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ ...client.csrf!, json: JSON.stringify(params) }).toString(),
  });
  const body = (await res.json()) as Envelope;
  if (body.csrf) client.csrf = body.csrf;
  return body;
}
