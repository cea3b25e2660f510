import { vi } from 'vitest';

/** A recorded call to the mocked /api: path (with its query), method and the posted params. */
export interface ApiCall {
  path: string;
  method: string;
  params: Record<string, unknown> | null;
}

type Handler = (params: Record<string, unknown> | null) => unknown;

/**
 * The posted params: the `json` field of our form-encoded POST, a JSON body (the sandbox card-token endpoint), or
 * the plain form fields (Stripe.js's calls to the Stripe API; for a GET, its query).
 */
function parseBody(url: string, body: RequestInit['body']): Record<string, unknown> | null {
  const raw = body ? String(body) : url.startsWith('https://') ? (url.split('?')[1] ?? null) : null;
  if (!raw) return null;
  if (raw.startsWith('{')) return JSON.parse(raw) as Record<string, unknown>;
  const form = new URLSearchParams(raw);
  if (!form.has('json')) return Object.fromEntries(form);
  return JSON.parse(form.get('json') ?? 'null') as Record<string, unknown>;
}

/**
 * Replaces fetch with a fake of the /api envelope. `routes` maps "METHOD /path" (the /api prefix dropped) to a
 * reply body or a function of the posted params (which may return a promise); a key without a query also matches
 * the path with any query. An unknown path answers 404 with reason 'unknown_path', like the real server.
 */
export function mockApi(routes: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const params = parseBody(url, init?.body);
      calls.push({ path, method, params });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      const body =
        route === undefined
          ? { state: 404, errors: { general: ['Not found'] }, reason: 'unknown_path' }
          : typeof route === 'function'
            ? await (route as Handler)(params)
            : route;
      const withCsrf = { csrf: { csrf_name: 'n', csrf_value: 'v' }, ...(body as object) };
      return new Response(JSON.stringify(withCsrf), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path),
    gets: (prefix: string) => calls.filter((c) => c.method === 'GET' && c.path.startsWith(prefix)),
  };
}
