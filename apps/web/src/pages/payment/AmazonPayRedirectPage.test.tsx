import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { AmazonPayRedirectPage } from './AmazonPayRedirectPage';

const routes = [
  { path: '/amazon-pay-redirect', element: <AmazonPayRedirectPage /> },
  { path: '/complete-buy-point-amazom-pay', element: <p>complete page</p> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('amazon-pay-redirect', () => {
  it('without a checkout session says the payment was not completed and asks the server nothing', async () => {
    const api = mockApi({});
    renderRoutes(routes, '/amazon-pay-redirect');
    expect((await screen.findByRole('alert')).textContent).toContain('決済は完了していません');
    expect(screen.queryByText('complete page')).toBeNull();
    expect(api.gets('/user/complete_checkout_session')).toHaveLength(0);
  });

  it('a refused completion is an error too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /user/complete_checkout_session': { state: 400, errors: { general: ['x'] } } });
    renderRoutes(routes, '/amazon-pay-redirect?amazonCheckoutSessionId=cs_1&payment_id=p1');
    expect((await screen.findByRole('alert')).textContent).toContain('ポイントは付与されていません');
  });

  it('a completed session goes on to the complete page with the same query', async () => {
    mockApi({ 'GET /user/complete_checkout_session': { state: 200 } });
    const { router } = renderRoutes(routes, '/amazon-pay-redirect?amazonCheckoutSessionId=cs_1&payment_id=p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-buy-point-amazom-pay'));
    expect(router.state.location.search).toBe('?amazonCheckoutSessionId=cs_1&payment_id=p1');
  });
});
