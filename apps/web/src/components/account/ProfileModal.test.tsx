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
});
