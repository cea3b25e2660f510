import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderWithClient } from '../../test/render';
import { ProfileModal } from './ProfileModal';

const DETAIL = {
  lastName: 'Smith',
  middleName: 'J.',
  firstName: 'Alex',
  mail: 'alex@example.com',
  tel: '09012345678',
  zipcode: '',
  pref_id: 0,
  pref_name: '',
  shiku: '',
  address: '',
  building: '',
  referral_code: 'ABCD1234',
};

describe('ProfileModal', () => {
  beforeAll(polyfillDialog);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits the middle name in English mode and closes after saving', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ 'GET /user/point': { state: 200 }, 'POST /user/change': { state: 200 } });
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ProfileModal open detail={DETAIL} onClose={onClose} onSaved={onSaved} />);
    const middle = screen.getByLabelText(/^Middle name/) as HTMLInputElement;
    expect(middle.value).toBe('J.');
    await user.clear(middle);
    await user.type(middle, 'K.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(api.posts('/user/change')[0]!.params).toEqual({
      lastName: 'Smith',
      middleName: 'K.',
      firstName: 'Alex',
      tel: '09012345678',
    });
  });

  it('has no middle name in Japanese mode and shows the server message on the phone field', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({
      'GET /user/point': { state: 200 },
      'POST /user/change': { state: 400, errors: { tel: ['この電話番号は使用できません'] } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ProfileModal open detail={DETAIL} onClose={onClose} />);
    expect(screen.queryByLabelText(/^ミドルネーム/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findByText('この電話番号は使用できません')).toBeTruthy();
    expect(screen.getByLabelText(/^電話番号/).getAttribute('aria-invalid')).toBe('true');
    expect(api.posts('/user/change')[0]!.params).toMatchObject({ middleName: '' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps what the member typed when a fresh copy of the details arrives while it is open', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ 'GET /user/point': { state: 200 }, 'POST /user/change': { state: 200 } });
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender, client } = renderWithClient(<ProfileModal open detail={DETAIL} onClose={onClose} />);
    const tel = screen.getByLabelText(/^Phone number/) as HTMLInputElement;
    await user.clear(tel);
    await user.type(tel, '08011112222');
    // A refetch of the member's details hands the popup an equal but new object.
    const { QueryClientProvider } = await import('@tanstack/react-query');
    rerender(
      <QueryClientProvider client={client}>
        <ProfileModal open detail={{ ...DETAIL }} onClose={onClose} />
      </QueryClientProvider>,
    );
    expect(tel.value).toBe('08011112222');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.posts('/user/change')[0]!.params).toMatchObject({ tel: '08011112222' });
  });

  it('starts again from the saved details on each opening', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /user/point': { state: 200 } });
    const user = userEvent.setup();
    const view = renderWithClient(<ProfileModal open detail={DETAIL} onClose={() => {}} />);
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const show = (open: boolean) =>
      view.rerender(
        <QueryClientProvider client={view.client}>
          <ProfileModal open={open} detail={DETAIL} onClose={() => {}} />
        </QueryClientProvider>,
      );
    await user.type(screen.getByLabelText(/^Phone number/), '9');
    show(false);
    show(true);
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('09012345678');
  });
});
