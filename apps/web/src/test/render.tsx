import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../i18n';

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Stands in for every route a test does not render: shows where the app went, in [data-testid=where]. */
function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/** `routes` in a memory router at `path` (with optional history state), inside a fresh query client. */
export function renderRoutes(routes: RouteObject[], path: string, { state }: { state?: unknown } = {}) {
  const client = newClient();
  const [pathname, search] = path.split('?');
  const router = createMemoryRouter([...routes, { path: '*', element: <Where /> }], {
    initialEntries: [{ pathname, search: search === undefined ? '' : `?${search}`, state }],
  });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** One page at `path` (its route is the path without the query unless `routePath` says), plus any `routes`. */
export function renderPage(
  page: ReactElement,
  path = '/',
  { routePath = path.split('?')[0], routes = [] }: { routePath?: string | undefined; routes?: RouteObject[] } = {},
) {
  return renderRoutes([{ path: routePath, element: page }, ...routes], path);
}

/** A component that needs a query client but no router. */
export function renderWithClient(ui: ReactElement) {
  const client = newClient();
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}

/** jsdom has <dialog> but not showModal/close; enough of them for the Modal component. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
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
