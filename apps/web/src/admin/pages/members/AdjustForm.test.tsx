import type { AdjustmentPreview, AdminMemberDetail } from '@oripa/core/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { AdjustForm } from './MemberActions';

const member = { id: 12, name: '山田 太郎', mail: 'taro@example.test', point_balance: 300 } as AdminMemberDetail;
const preview = (o: Partial<AdjustmentPreview> = {}): AdjustmentPreview => ({
  member: { id: 12, name: '山田 太郎', mail: 'taro@example.test' },
  currency: 'point',
  amount: 5_000,
  before: 300,
  after: 5_300,
  needs_approval: false,
  limit: 10_000,
  granted_recently: 0,
  ...o,
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

async function fill(amount: string, reason = 'お詫び') {
  fireEvent.change(screen.getByLabelText('理由（必須）'), { target: { value: reason } });
  fireEvent.change(screen.getByLabelText('増減', { exact: false }), { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
  return screen.findByTestId('adjust-confirm');
}

describe('the confirm step of a balance adjustment (issue 21 §10)', () => {
  it('shows member, amount, before → after and reason; nothing is posted until confirmed', async () => {
    const api = mockApi({
      'GET /admin/members/12/adjust-preview': { state: 200, preview: preview() },
      'POST /admin/members/12/adjust': { state: 200, member, ledger_id: 1 },
    });
    renderPage(<AdjustForm member={member} />, '/admin/members/12');
    const step = await fill('5000');
    expect(api.gets('/admin/members/12/adjust-preview')[0]!.path).toContain('currency=point&amount=5000');
    expect(api.posts('/admin/members/12/adjust')).toHaveLength(0);
    expect(step.textContent).toContain('#12 山田 太郎');
    expect(step.textContent).toContain('+5,000 ポイント');
    expect(within(step).getByTestId('adjust-before-after').textContent).toBe('300 → 5,300 ポイント');
    expect(step.textContent).toContain('お詫び');
    expect(step.textContent).toContain('すぐに残高に反映されます');

    fireEvent.click(within(step).getByRole('button', { name: '確定する' }));
    await waitFor(() => expect(api.posts('/admin/members/12/adjust')).toHaveLength(1));
    expect(api.posts('/admin/members/12/adjust')[0]!.params).toMatchObject({
      currency: 'point',
      amount: 5000,
      reason: 'お詫び',
    });
    expect(await screen.findByText('ポイントを+5,000調整しました。')).toBeTruthy();
    expect(screen.queryByTestId('adjust-confirm')).toBeNull();
  });

  it('says when a grant waits for another owner, and "back" returns to the form with nothing posted', async () => {
    const api = mockApi({
      'GET /admin/members/12/adjust-preview': {
        state: 200,
        preview: preview({ amount: 3_000, after: 3_300, needs_approval: true, granted_recently: 8_000 }),
      },
    });
    renderPage(<AdjustForm member={member} />, '/admin/members/12');
    const step = await fill('3000');
    expect(within(step).getByRole('note').textContent).toContain(
      '8,000 ポイントと合わせて上限（10,000 ポイント）を超える',
    );
    expect(within(step).getByRole('button', { name: '承認を申請する' })).toBeTruthy();
    fireEvent.click(within(step).getByRole('button', { name: '戻って修正する' }));
    expect(await screen.findByRole('button', { name: '内容を確認する' })).toBeTruthy();
    expect(api.posts('/admin/members/12/adjust')).toHaveLength(0);
  });

  it("shows the server's refusal of the preview on its field, with no confirm step", async () => {
    mockApi({
      'GET /admin/members/12/adjust-preview': {
        state: 400,
        errors: { amount: ['残高（300）を超えて減らすことはできません'] },
      },
    });
    renderPage(<AdjustForm member={member} />, '/admin/members/12');
    fireEvent.change(screen.getByLabelText('理由（必須）'), { target: { value: '誤付与' } });
    fireEvent.change(screen.getByLabelText('増減', { exact: false }), { target: { value: '-500' } });
    fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect(await screen.findByText('残高（300）を超えて減らすことはできません')).toBeTruthy();
    expect(screen.queryByTestId('adjust-confirm')).toBeNull();
  });
});
