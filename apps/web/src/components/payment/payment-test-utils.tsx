import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import '../../i18n';

export interface Call {
  url: string;
  method: string;
  params: Record<string, unknown> | null;
}
type Handler = (params: Record<string, unknown> | null) => unknown;

/**
 * A fake of the /api envelope (and the sandbox card-token endpoint) on fetch. Keys are "METHOD /path" with the
 * /api prefix dropped; a key without a query also matches the path with any query. Unknown paths answer 404.
 */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const raw = init?.body ? String(init.body) : null;
      const params = !raw
        ? null
        : raw.startsWith('{')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : (JSON.parse(new URLSearchParams(raw).get('json') ?? 'null') as Record<string, unknown>);
      calls.push({ url: path, method, params });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      const body =
        route === undefined
          ? { state: 404, errors: { general: ['Not found'] } }
          : typeof route === 'function'
            ? await (route as Handler)(params)
            : route;
      const withCsrf = { csrf: { csrf_name: 'n', csrf_value: 'v' }, ...(body as object) };
      return new Response(JSON.stringify(withCsrf), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path),
    gets: (prefix: string) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(prefix)),
  };
}

/** jsdom's <dialog> lacks showModal/close. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/** Renders `page` at `path`; any other route shows where the app went, in [data-testid=where]. */
export function renderAt(path: string, page: ReactElement, routePath = path.split('?')[0]!) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

export const member = { state: 200, is_login: '1', id: 7, point: '1200', coin: '0' };
