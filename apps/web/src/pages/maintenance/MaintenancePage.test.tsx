import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { useJapanese } from '../../test/pack-fixtures';
import { renderPage } from '../../test/render';
import { MaintenancePage } from './MaintenancePage';

beforeAll(useJapanese);
afterEach(cleanup);

describe('MaintenancePage', () => {
  it("shows the operator's message while the shop is in maintenance", async () => {
    mockApi({
      'GET /admin/maintenance-notice': {
        state: 200,
        on: true,
        message_ja: '本日2時から4時まで',
        message_en: 'From 2 to 4',
      },
    });
    renderPage(<MaintenancePage />, '/maintenance');
    expect((await screen.findByTestId('maintenance-message')).textContent).toBe('本日2時から4時まで');
  });

  it('shows no message when there is none', async () => {
    const api = mockApi({ 'GET /admin/maintenance-notice': { state: 200, on: true, message_ja: '', message_en: '' } });
    renderPage(<MaintenancePage />, '/maintenance');
    await screen.findByRole('heading');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.gets('/admin/maintenance-notice')).toHaveLength(1);
    expect(screen.queryByTestId('maintenance-message')).toBeNull();
  });
});
