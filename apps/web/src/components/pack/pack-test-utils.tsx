import type { DrawnCard, PackDetail, PackSummary, PurchaseResult } from '@oripa/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import i18n from '../../i18n';

// Role queries over a whole page are slow in jsdom; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

type Handler = (params: Record<string, unknown> | null) => unknown;
export interface ApiCall {
  path: string;
  method: string;
  params: Record<string, unknown> | null;
}

/** fetch replaced by a fake /api: "METHOD /path" → reply body or a function of the posted params. */
export function mockApi(routes: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const params = init?.body
        ? (JSON.parse(new URLSearchParams(String(init.body)).get('json') ?? 'null') as Record<string, unknown>)
        : null;
      calls.push({ path, method, params });
      const route = routes[`${method} ${path}`];
      const body =
        route === undefined ? { state: 404 } : typeof route === 'function' ? (route as Handler)(params) : route;
      return new Response(JSON.stringify({ csrf: { csrf_name: 'n', csrf_value: 'v' }, ...(body as object) }));
    }),
  );
  return { calls, posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path) };
}

/** jsdom's <dialog> lacks showModal/close. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export async function useJapanese() {
  await i18n.changeLanguage('ja');
}

/** A page at `path` with stub pages for where it may navigate (each shows its path and search). */
export function renderAt(routes: RouteObject[], path: string, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const stub = { path: '*', element: <Where /> };
  const router = createMemoryRouter([...routes, stub], {
    initialEntries: [
      { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
    ],
  });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

export const member = { state: 200, is_login: '1', id: 1, point: '5000', coin: '0', rank: 1 };
export const guest = { state: 200, is_login: '0', id: null, point: '0', coin: '0', rank: 0 };

export function packSummary(over: Partial<PackSummary> = {}): PackSummary {
  return {
    id: 7,
    name: 'ドラゴン頂上決戦パック',
    card_type: 1,
    image: ['/a.svg'],
    detail_eye_catch: '/a.svg',
    total_pack_count: 500,
    pack_count: 400,
    point: 100,
    max_buy_count: 0,
    can_limit: '0',
    is_sms_limit: '0',
    is_before: '0',
    start_date: '2026-01-01 00:00:00',
    payment_method: '1',
    rank_limit: 0,
    sms_only: '0',
    seed_hash: 'ab'.repeat(32),
    ...over,
  };
}

export function packDetail(over: Partial<PackDetail> = {}): PackDetail {
  const s = packSummary(over);
  return {
    ...s,
    detail: '説明',
    show_cardlist: '1',
    lineup: { S: [], A: [], B: [], C: [] },
    remaining_by_rank: { S: 1, A: 2, B: 3, C: 394 },
    fairness: { seed_hash: s.seed_hash, seed: null, revealed_at: null, algorithm: 'sha256-ctr-fisher-yates-v1' },
    draw_log: [],
    ...over,
  };
}

export function drawnCard(id: number, over: Partial<DrawnCard> = {}): DrawnCard {
  return {
    history_id: id,
    image: `/c${id}.svg`,
    name: `カード${id}`,
    rarity: 0,
    rarity_label: 'ノーマル',
    rank: 'C',
    model_number: `DS-${id}`,
    num: id * 3,
    buy_point: 100 * id,
    no_reduction: '0',
    movie_url: '',
    status: 'pending',
    ...over,
  };
}

export function purchase(cards: DrawnCard[], over: Partial<PurchaseResult> = {}): PurchaseResult {
  return {
    result: '1',
    purchase_id: 99,
    pack_id: 7,
    title: 'ドラゴン頂上決戦パック',
    card_type: 1,
    is_buy_coin: '0',
    created: '2026-11-21 10:00:00',
    cards,
    decide_by: '2026-11-22 10:00:00',
    rank_up: '0',
    rankup_data: null,
    ...over,
  };
}
