import type { ApprovalRow, StaffRow } from '@oripa/core/admin';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { OwnerChangeConfirm } from '../staff/StaffPage';
import { ApprovalsPage } from './ApprovalsPage';

const base: ApprovalRow = {
  id: 1,
  kind: 'member.adjust',
  status: 'pending',
  target_type: 'member',
  target_id: 12,
  target_name: '山田 太郎',
  role: null,
  currency: 'point',
  amount: 1_000_000,
  reason: '大口の補填',
  requested_by: 7,
  requested_by_name: 'サポート 花子',
  requested_at: '2026-11-24 10:00:00',
  not_before: '',
  decided_by: null,
  decided_by_name: '',
  decided_at: '',
  decision_note: '',
  actions: ['approve', 'refuse'],
};
const mine: ApprovalRow = {
  ...base,
  id: 2,
  kind: 'staff.disable',
  target_type: 'staff',
  target_id: 3,
  target_name: 'オーナー 次郎',
  currency: null,
  amount: null,
  reason: '退職',
  requested_by: 1,
  requested_by_name: 'オーナー 一郎',
  not_before: '2026-11-27 10:00:00',
  actions: ['cancel'],
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

describe('the pending approvals page (issue 21 §4)', () => {
  it('lists what waits, and approves only after a confirm step, with the note', async () => {
    const api = mockApi({
      'GET /admin/approvals': { state: 200, approvals: [base, mine] },
      'POST /admin/approvals/1/approve': (params: Record<string, unknown> | null) => ({
        state: 200,
        approval: { ...base, status: 'approved', decision_note: params?.note, actions: [] },
      }),
    });
    renderPage(<ApprovalsPage />, '/admin/approvals');
    const grant = await screen.findByTestId('approval-1');
    expect(within(grant).getByRole('heading').textContent).toContain('会員 #12 山田 太郎 に 1,000,000 ポイントを付与');
    expect(within(grant).getByText('大口の補填')).toBeTruthy();

    // The request of one's own: no approve button, a withdraw one, and the delay it waits for.
    const own = screen.getByTestId('approval-2');
    expect(within(own).getByRole('heading').textContent).toContain('オーナー 次郎 のアカウントを無効化');
    expect(within(own).queryByRole('button', { name: '承認する' })).toBeNull();
    expect(within(own).getByRole('button', { name: '取り下げる' })).toBeTruthy();
    expect(within(own).getByText(/2026-11-27 10:00:00以降は申請者が実行できます/)).toBeTruthy();

    // Approve asks first; nothing is sent until confirmed.
    fireEvent.click(within(grant).getByRole('button', { name: '承認する' }));
    expect(within(grant).getByText('この変更を承認すると、すぐに実行されます。よろしいですか？')).toBeTruthy();
    expect(api.posts('/admin/approvals/1/approve')).toHaveLength(0);
    fireEvent.change(within(grant).getByLabelText('メモ（任意）'), { target: { value: 'チケット #88 確認済み' } });
    fireEvent.click(within(grant).getByRole('button', { name: '承認して実行' }));
    await waitFor(() => expect(api.posts('/admin/approvals/1/approve')).toHaveLength(1));
    expect(api.posts('/admin/approvals/1/approve')[0]!.params).toEqual({ note: 'チケット #88 確認済み' });
    expect((await screen.findByRole('status')).textContent).toBe('承認し、変更を実行しました');
  });

  it('backing out of the confirm step sends nothing; a refusal from the server is shown', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({
      'GET /admin/approvals': { state: 200, approvals: [base] },
      'POST /admin/approvals/1/refuse': {
        state: 403,
        errors: { general: ['You cannot approve or refuse your own request. Another owner must approve it'] },
      },
    });
    renderPage(<ApprovalsPage />, '/admin/approvals');
    const grant = await screen.findByTestId('approval-1');
    expect(within(grant).getByRole('heading').textContent).toContain('Grant 1,000,000 points to member #12 山田 太郎');
    fireEvent.click(within(grant).getByRole('button', { name: 'Refuse' }));
    fireEvent.click(within(grant).getByRole('button', { name: 'Back' }));
    expect(within(grant).getByRole('button', { name: 'Approve' })).toBeTruthy();
    fireEvent.click(within(grant).getByRole('button', { name: 'Refuse' }));
    fireEvent.click(within(grant).getAllByRole('button', { name: 'Refuse' })[0]!);
    expect((await within(grant).findByRole('alert')).textContent).toBe(
      'You cannot approve or refuse your own request. Another owner must approve it',
    );
    expect(api.posts('/admin/approvals/1/refuse')).toHaveLength(1);
  });
});

describe('the confirm step of a change to another owner (staff page)', () => {
  const owner: StaffRow = {
    id: 3,
    mail: 'jiro@staff.test',
    name: 'オーナー 次郎',
    role: 'owner',
    status: 'active',
    totp_enabled: true,
    created_at: '2026-01-01 00:00:00',
  };

  it('says it waits for another owner and will mail them, and needs a reason', async () => {
    const onConfirm = vi.fn(async () => {});
    render(
      <OwnerChangeConfirm
        staff={owner}
        change={{ kind: 'staff.role', role: 'support' }}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText('オーナー 次郎 の役割を「サポート」に変更します')).toBeTruthy();
    expect(screen.getByText(/別のオーナーの承認が必要です。オーナー 次郎 さんにはメールで知らせます/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '承認を申請する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('理由を入力してください');
    expect(document.activeElement).toBe(screen.getByLabelText('理由（必須）'));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('理由（必須）'), { target: { value: ' 役割の整理 ' } });
    fireEvent.click(screen.getByRole('button', { name: '承認を申請する' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('役割の整理'));
  });
});
