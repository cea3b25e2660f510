import type { AdminShipmentRow } from '@oripa/core/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { shipmentRow } from '../../../test/shipment-fixtures';
import { ShipmentsPage } from './ShipmentsPage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const f = (key: string, params?: Record<string, unknown>) => i18n.t(`admin-fulfilment:${key}`, params);
const row = (id: number, status: AdminShipmentRow['status'], line_count: number) =>
  shipmentRow(id, { status, line_count });
const counts = { preparing: 2, packed: 1, shipped: 0, held: 0, returned: 0 };
const page = (rows: AdminShipmentRow[]) => ({ state: 200, rows, total: rows.length, page: 1, per_page: 50, counts });

function open(routes: Record<string, unknown>, path = '/admin/shipments') {
  const api = mockApi({ 'GET /admin/shipments': page([row(4, 'preparing', 2), row(5, 'preparing', 3)]), ...routes });
  renderPage(<ShipmentsPage />, path, { routePath: '/admin/shipments' });
  return api;
}

describe('the shipments list (console)', () => {
  it('lists the queue with each status’s count, and a tab asks the server for that status', async () => {
    const api = open({});
    const table = await screen.findByRole('table', { name: f('title') });
    expect(await within(table).findByText('試験 4')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: `${f('status.preparing')} (2)` });
    fireEvent.click(tab);
    await vi.waitFor(() =>
      expect(api.gets('/admin/shipments?').some((c) => c.path.includes('status=preparing'))).toBe(true),
    );
  });

  it('moves the ticked parcels, telling the server how many cards each had when it was packed', async () => {
    const api = open({ 'POST /admin/shipments/move': { state: 200, moved: 2 } });
    fireEvent.click(await screen.findByRole('checkbox', { name: f('selectRow', { id: 4 }) }));
    fireEvent.click(screen.getByRole('checkbox', { name: f('selectRow', { id: 5 }) }));
    expect(screen.getByText(f('selected', { count: 2 }))).toBeTruthy();
    const actions = screen.getByRole('group', { name: f('detail.actions') });
    fireEvent.click(within(actions).getByRole('button', { name: f('move.packed') }));
    expect(await screen.findByText(f('moved', { count: 2, status: f('status.packed') }))).toBeTruthy();
    expect(api.posts('/admin/shipments/move').map((p) => p.params)).toEqual([
      { ids: [4, 5], to: 'packed', expected_lines: { '4': 2, '5': 3 } },
    ]);
    // The ticks are cleared once they moved.
    expect(screen.getByText(f('selected', { count: 0 }))).toBeTruthy();
  });

  it('shows the server’s refusal of a move (a parcel that changed meanwhile) and keeps the ticks', async () => {
    await i18n.changeLanguage('en');
    open({
      'POST /admin/shipments/move': {
        state: 409,
        errors: { general: ['New cards were added to this shipment. Check the pick list again'] },
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: f('selectRow', { id: 4 }) }));
    const actions = screen.getByRole('group', { name: f('detail.actions') });
    fireEvent.click(within(actions).getByRole('button', { name: f('move.packed') }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'New cards were added to this shipment. Check the pick list again',
    );
    expect(screen.getByText(f('selected', { count: 1 }))).toBeTruthy();
  });

  it('searches by the text typed, trimmed, keeping the status shown', async () => {
    const api = open({}, '/admin/shipments?status=preparing');
    await screen.findByText('試験 4');
    fireEvent.change(screen.getByLabelText(f('search')), { target: { value: '  試験 5 ' } });
    fireEvent.submit(screen.getByRole('search'));
    await vi.waitFor(() =>
      expect(
        api
          .gets('/admin/shipments?')
          .map((c) => new URLSearchParams(c.path.split('?')[1]))
          .some((q) => q.get('q') === '試験 5' && q.get('status') === 'preparing'),
      ).toBe(true),
    );
  });
});
