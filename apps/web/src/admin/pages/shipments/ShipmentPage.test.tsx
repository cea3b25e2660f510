import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { shipmentDetail } from '../../../test/shipment-fixtures';
import { ShipmentPage } from './ShipmentPage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const f = (key: string, params?: Record<string, unknown>) => i18n.t(`admin-fulfilment:${key}`, params);
const parcel = shipmentDetail(
  7,
  [
    {
      source: 'draw',
      source_id: 1,
      history_id: 1,
      purchase_id: 1,
      ticket_no: 4,
      rank: 'A',
      name: 'Ember Fox',
      model_number: 'DS-010',
      image_url: '',
      pack_name: 'Test pack',
    },
  ],
  { status: 'packed' },
);
const detail = { state: 200, shipment: parcel, events: [] };

function open(routes: Record<string, unknown> = {}) {
  const api = mockApi({ 'GET /admin/shipments/7': detail, ...routes });
  renderPage(<ShipmentPage />, '/admin/shipments/7', { routePath: '/admin/shipments/:id' });
  return api;
}
/** The single entry's form, its number field and its two buttons, once the parcel has loaded. */
async function entry() {
  const form = await screen.findByRole('form', { name: f('entry.title') });
  return {
    form,
    number: within(form).getByLabelText(f('entry.number')),
    carrier: within(form).getByLabelText(f('import.carrier')),
    save: within(form).getByRole('button', { name: f('entry.save') }),
    ship: within(form).getByRole('button', { name: f('entry.saveAndShip') }),
  };
}

// Yamato's 12-digit numbers end in the 11 digits before them modulo 7: 12345678901 mod 7 = 3.
const GOOD = '1234-5678-9013';
const BAD_DIGIT = '123456789012';

describe('the shipment detail page (console)', () => {
  it('moves the parcel to the status a button names, and says so', async () => {
    const api = open({ 'POST /admin/shipments/move': { state: 200, moved: 1 } });
    const actions = await screen.findByRole('group', { name: f('detail.actions') });
    fireEvent.click(within(actions).getByRole('button', { name: f('move.held') }));
    expect(await screen.findByText(f('moved', { count: 1, status: f('status.held') }))).toBeTruthy();
    expect(api.posts('/admin/shipments/move').map((p) => p.params)).toEqual([{ ids: [7], to: 'held' }]);
  });

  it('refuses a tracking number with a wrong check digit or shape before sending, in Japanese', async () => {
    await i18n.changeLanguage('ja');
    const api = open();
    const { number, save } = await entry();
    fireEvent.change(number, { target: { value: BAD_DIGIT } });
    fireEvent.click(save);
    const error = await screen.findByText(
      '伝票番号の最後の桁（チェックデジット）が合いません。打ち間違いがないか確認してください',
    );
    expect(number.getAttribute('aria-describedby')).toBe(error.id);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);
    fireEvent.change(number, { target: { value: '12345' } });
    fireEvent.click(save);
    expect(await screen.findByText('伝票番号の形式が配送業者と合いません')).toBeTruthy();
    fireEvent.change(number, { target: { value: '' } });
    fireEvent.click(save);
    expect(await screen.findByText('入力してください')).toBeTruthy();
    expect(api.posts('/admin/shipments/tracking')).toHaveLength(0);
  });

  it('says the same in English, and checks a Japan Post number by its own rule', async () => {
    await i18n.changeLanguage('en');
    const api = open();
    const { number, carrier, save } = await entry();
    fireEvent.change(number, { target: { value: BAD_DIGIT } });
    fireEvent.click(save);
    expect(
      await screen.findByText('The last digit of the tracking number (its check digit) is wrong. Check it for a typo'),
    ).toBeTruthy();
    // An EMS number (UPU S10): EA123456785JP is sound, EA123456784JP is not.
    fireEvent.change(carrier, { target: { value: 'japanpost' } });
    fireEvent.change(number, { target: { value: 'EA123456784JP' } });
    fireEvent.click(save);
    expect(await screen.findByText(/its check digit\) is wrong/)).toBeTruthy();
    expect(api.posts('/admin/shipments/tracking')).toHaveLength(0);
  });

  it('saves a sound number for the parcel, as typed, with its carrier', async () => {
    const api = open({ 'POST /admin/shipments/tracking': { state: 200 } });
    const { number, save } = await entry();
    fireEvent.change(number, { target: { value: GOOD } });
    fireEvent.click(save);
    expect(await screen.findByText(f('entry.saved'))).toBeTruthy();
    expect(api.posts('/admin/shipments/tracking').map((p) => p.params)).toEqual([
      { id: 7, carrier: 'yamato', tracking_number: GOOD },
    ]);
    expect(api.posts('/admin/shipments/move')).toHaveLength(0);
  });

  it('saves and ships in one move; the server’s refusal of the number lands on the number', async () => {
    let n = 0;
    const api = open({
      'POST /admin/shipments/move': () =>
        ++n === 1
          ? { state: 400, errors: { tracking_number: ['この伝票番号は既に発送番号12で使われています'] } }
          : { state: 200, moved: 1 },
    });
    const { number, ship } = await entry();
    fireEvent.change(number, { target: { value: GOOD } });
    fireEvent.click(ship);
    const taken = await screen.findByText('この伝票番号は既に発送番号12で使われています');
    expect(number.getAttribute('aria-describedby')).toBe(taken.id);
    fireEvent.click(ship);
    expect(await screen.findByText(f('moved', { count: 1, status: f('status.shipped') }))).toBeTruthy();
    expect(api.posts('/admin/shipments/move').map((p) => p.params)).toEqual([
      { ids: [7], to: 'shipped', carrier: 'yamato', tracking_number: GOOD },
      { ids: [7], to: 'shipped', carrier: 'yamato', tracking_number: GOOD },
    ]);
  });

  it('offers no “save and ship” before the parcel is packed', async () => {
    open({ 'GET /admin/shipments/7': { ...detail, shipment: { ...parcel, status: 'preparing' } } });
    const form = await screen.findByRole('form', { name: f('entry.title') });
    expect(within(form).queryByRole('button', { name: f('entry.saveAndShip') })).toBeNull();
  });
});
