import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { RequireStaff } from '../../components/RequireStaff';
import { StaffPage } from './StaffPage';

const me = { id: 1, mail: 'owner@staff.test', name: 'オーナー', role: 'owner', stage: 'full', totp_enabled: true };
const LINK = 'http://localhost/admin/setup?token=abc';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

describe('inviting staff (issue 21 §10)', () => {
  it('sends the mail language chosen, says the link was mailed, and still lets the link be copied', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi({
      'GET /admin/session': { state: 200, staff: { ...me, permissions: ['staff.manage'] } },
      'GET /admin/staff': { state: 200, staff: [] },
      'POST /admin/staff': { state: 200, staff: { id: 2 }, link: LINK },
    });
    renderPage(
      <RequireStaff>
        <StaffPage />
      </RequireStaff>,
      '/admin/staff',
    );
    fireEvent.change(await screen.findByLabelText('名前'), { target: { value: 'Alex Doe' } });
    fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'alex@staff.test' } });
    fireEvent.change(screen.getByLabelText('メールの言語'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: '招待する' }));
    await waitFor(() => expect(api.posts('/admin/staff')).toHaveLength(1));
    expect(api.posts('/admin/staff')[0]!.params).toMatchObject({ mail: 'alex@staff.test', lang: 'en' });
    expect(await screen.findByText('スタッフを招待し、設定用リンクをメールで送りました。')).toBeTruthy();
    expect(screen.getByTestId('invite-link').textContent).toBe(LINK);
    fireEvent.click(screen.getByRole('button', { name: 'リンクをコピー' }));
    expect(await screen.findByText('リンクをコピーしました')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK);
  });
});
