import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../i18n';

// The machines that run these share their two cores with many other jobs: give async queries room.
configure({ asyncUtilTimeout: 5000 });

type Handler = (params: Record<string, unknown> | null) => unknown;

/**
 * Replaces fetch with a fake of the /api envelope: `routes` maps "METHOD /path" to a reply body or a function of
 * the posted `json` params; an unknown path answers 404 with reason 'unknown_path', like the real server.
 */
export function fakeApi(routes: Record<string, unknown>) {
  const calls: { method: string; path: string; params: Record<string, unknown> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const params = init?.body
        ? (JSON.parse(new URLSearchParams(String(init.body)).get('json') ?? 'null') as Record<string, unknown>)
        : null;
      calls.push({ method, path, params });
      const route = routes[`${method} ${path}`];
      const body =
        route === undefined
          ? { state: 404, errors: { general: ['Not found'] }, reason: 'unknown_path' }
          : typeof route === 'function'
            ? (route as Handler)(params)
            : route;
      return new Response(JSON.stringify({ csrf: { csrf_name: 'n', csrf_value: 'v' }, ...(body as object) }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `element` at `path` inside a memory router and a fresh query client; other paths render their name. */
export function renderAt(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: new URL(path, 'http://x').pathname, element }, ...extra, { path: '*', element: <p>other page</p> }],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** jsdom has no matchMedia: answer `matches` for the given queries, false for every other. */
export function fakeMatchMedia(matching: string[]) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matching.includes(query),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

export const MEMBER = {
  state: 200,
  is_login: '1',
  id: 7,
  point: '12345',
  coin: '30',
  rank: 2,
  rank_name: 'シルバー',
  rank_color: '#9aa3ad',
  total_buy: 25000,
  rank_up_count: 50000,
  end_sms: '1',
};

export const DETAIL = {
  state: 200,
  detail: {
    lastName: '山田',
    middleName: '',
    firstName: '花子',
    mail: 'hanako@example.test',
    tel: '09012345678',
    zipcode: '3300063',
    pref_id: 11,
    pref_name: '埼玉県',
    shiku: 'さいたま市浦和区',
    address: '高砂1-2-3',
    building: 'キラキラハイツ101',
    referral_code: 'KIRA2026',
  },
};
