import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../../i18n';

// The machine runs many suites at once; a slow tick must not fail a findBy (the default wait is 1 s).
configure({ asyncUtilTimeout: 5000 });

/** A recorded call to the mocked /api: path, method and the parsed `json` field of a POST. */
export interface ApiCall {
  path: string;
  method: string;
  params: Record<string, unknown> | null;
}

type Handler = (params: Record<string, unknown> | null) => unknown;

/**
 * Replaces fetch with a tiny fake of the /api envelope. `routes` maps "METHOD /path" to a reply body (or a
 * function of the posted params); unknown paths answer 404 like the real server.
 */
export function mockApi(routes: Record<string, unknown | Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const params = init?.body
      ? (JSON.parse(new URLSearchParams(String(init.body)).get('json') ?? 'null') as Record<string, unknown>)
      : null;
    calls.push({ path, method, params });
    const route = routes[`${method} ${path}`];
    const body =
      route === undefined
        ? { state: 404, errors: { general: ['Not found'] } }
        : typeof route === 'function'
          ? await (route as Handler)(params)
          : route;
    const withCsrf = { csrf: { csrf_name: 'n', csrf_value: 'v' }, ...(body as object) };
    return new Response(JSON.stringify(withCsrf), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path) };
}

/** jsdom has <dialog> but not showModal/close; enough of them for the Modal component. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  proto.__polyfilled = true;
}

export function renderRoutes(routes: RouteObject[], initialPath: string | { pathname: string; state: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}
