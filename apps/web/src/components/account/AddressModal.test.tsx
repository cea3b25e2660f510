import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { NO_ADDRESS_DETAIL } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderWithClient } from '../../test/render';
import { AddressModal } from './AddressModal';

const PREFS = {
  state: 200,
  list: [
    { id: 11, name: '埼玉県' },
    { id: 13, name: '東京都' },
  ],
};
const TOKYO = { state: 200, list: [{ prefcode: 13, address1: '東京都', address2: '千代田区', address3: '千代田' }] };

function baseRoutes(extra: Record<string, unknown> = {}) {
  return {
    'GET /user/point': { state: 200, is_login: '1' },
    'GET /user/detail': NO_ADDRESS_DETAIL,
    'GET /user/pref_list': PREFS,
    ...extra,
  };
}

async function openModal(props: { onClose?: () => void; onSaved?: () => void } = {}) {
  const onClose = props.onClose ?? vi.fn();
  const onSaved = props.onSaved ?? vi.fn();
  const view = renderWithClient(<AddressModal open onClose={onClose} onSaved={onSaved} />);
  const zip = (await screen.findByLabelText(/^(郵便番号|Postal code)/)) as HTMLInputElement;
  // Wait for the saved detail to be loaded into the form, so typing is not reset under us.
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
  return { ...view, zip, onClose, onSaved };
}

const pref = () => screen.getByLabelText(/^(都道府県|Prefecture)/) as HTMLSelectElement;
const shiku = () => screen.getByLabelText(/^(市区町村|City)/) as HTMLInputElement;
const street = () => screen.getByLabelText(/^(番地|Street address)/) as HTMLInputElement;

describe('AddressModal', () => {
  beforeAll(polyfillDialog);
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('looks the postal code up only once exactly 7 digits are entered, and fills prefecture, city and town', async () => {
    const api = mockApi(baseRoutes({ 'POST /address/zipcode': TOKYO }));
    const user = userEvent.setup();
    const { zip } = await openModal();
    await user.type(zip, '100000');
    expect(api.posts('/address/zipcode')).toHaveLength(0);
    await user.type(zip, '1');
    await waitFor(() => expect(shiku().value).toBe('千代田区'));
    expect(api.posts('/address/zipcode')).toEqual([
      { path: '/address/zipcode', method: 'POST', params: { zipcode: '1000001' } },
    ]);
    expect(pref().value).toBe('13');
    expect(street().value).toBe('千代田');
  });

  it('looks a Japanese postal code up in English mode too', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi(baseRoutes({ 'POST /address/zipcode': TOKYO }));
    const user = userEvent.setup();
    const { zip } = await openModal();
    await user.type(zip, '1000001');
    await waitFor(() => expect(shiku().value).toBe('千代田区'));
    expect(api.posts('/address/zipcode')).toHaveLength(1);
    expect(pref().value).toBe('13');
  });

  it('resets the prefecture to none and blanks the city when the code is unknown', async () => {
    mockApi(
      baseRoutes({
        'POST /address/zipcode': (p: { zipcode: string }) =>
          p.zipcode === '1000001' ? TOKYO : { state: 200, list: [] },
      }),
    );
    const user = userEvent.setup();
    const { zip } = await openModal();
    await user.type(zip, '1000001');
    await waitFor(() => expect(pref().value).toBe('13'));
    await user.clear(zip);
    await user.type(zip, '9999999');
    await waitFor(() => expect(pref().value).toBe('0'));
    expect(shiku().value).toBe('');
    expect(screen.getByText(/該当する住所が見つかりませんでした/)).toBeTruthy();
  });

  it('asks for confirmation inside the popup before saving, then saves, refreshes the detail and closes', async () => {
    const api = mockApi(baseRoutes({ 'POST /address/zipcode': TOKYO, 'POST /user/append_address': { state: 200 } }));
    const user = userEvent.setup();
    const { zip, onClose, onSaved } = await openModal();
    await user.type(zip, '1000001');
    await waitFor(() => expect(shiku().value).toBe('千代田区'));
    await user.type(street(), '1-1');
    await user.type(screen.getByLabelText(/^建物名/), 'キラキラ101');
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('この住所を配送先として登録します。よろしいですか？')).toBeTruthy();
    expect(api.posts('/user/append_address')).toHaveLength(0);
    const detailCallsBefore = api.calls.filter((c) => c.path === '/user/detail').length;
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(api.posts('/user/append_address')[0]!.params).toEqual({
      zipcode: '1000001',
      pref_id: 13,
      shiku: '千代田区',
      address: '千代田1-1',
      building: 'キラキラ101',
    });
    // The ['userDetail'] query was invalidated and fetched again.
    expect(api.calls.filter((c) => c.path === '/user/detail').length).toBe(detailCallsBefore + 1);
  });

  it('checks the fields before the confirm step', async () => {
    const api = mockApi(baseRoutes());
    const user = userEvent.setup();
    await openModal();
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('郵便番号はハイフンなしの7桁の数字で入力してください')).toBeTruthy();
    expect(screen.getByText('都道府県を選択してください')).toBeTruthy();
    expect(screen.queryByText('この住所を配送先として登録します。よろしいですか？')).toBeNull();
    expect(api.posts('/user/append_address')).toHaveLength(0);
  });

  it('shows the first server message of each field and stays open', async () => {
    mockApi(
      baseRoutes({
        'POST /address/zipcode': TOKYO,
        'POST /user/append_address': {
          state: 400,
          errors: {
            zipcode: ['この郵便番号は使えません', '二つ目'],
            building: ['建物名が長すぎます'],
          },
        },
      }),
    );
    const user = userEvent.setup();
    const { zip, onClose, onSaved } = await openModal();
    await user.type(zip, '1000001');
    await waitFor(() => expect(shiku().value).toBe('千代田区'));
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByText('この郵便番号は使えません')).toBeTruthy();
    expect(screen.queryByText('二つ目')).toBeNull();
    expect(screen.getByText('建物名が長すぎます')).toBeTruthy();
    expect(screen.getByLabelText(/^郵便番号/).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps what the member typed when the saved address arrives late', async () => {
    let release!: (v: unknown) => void;
    const late = new Promise((r) => (release = r));
    mockApi(
      baseRoutes({
        'GET /user/detail': () =>
          late.then(() => ({
            ...NO_ADDRESS_DETAIL,
            detail: { ...NO_ADDRESS_DETAIL.detail, zipcode: '3300063', shiku: 'さいたま市' },
          })),
      }),
    );
    renderWithClient(<AddressModal open onClose={vi.fn()} onSaved={vi.fn()} />);
    const zip = (await screen.findByLabelText(/^(郵便番号|Postal code)/)) as HTMLInputElement;
    await userEvent.type(zip, '123');
    release(null);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(zip.value).toBe('123');
    expect(shiku().value).toBe('');
  });
});
