import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithClient } from '../../../test/render';
import { PaymentMethodsPage } from './PaymentMethodsPage';

const method = (id: number, name_ja: string, group: string, provider: string, enabled = true) => ({
  id,
  name_ja,
  name_en: name_ja,
  group,
  provider,
  enabled,
  offered: enabled && provider !== '',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the payment-method screen (console)', () => {
  it('shows each method with its provider, and switching one off posts it and shows the new state', async () => {
    await i18n.changeLanguage('ja');
    const before = [method(1, 'クレジットカード', 'card', 'stripe'), method(10, 'メルペイ', 'smartphone', 'komoju')];
    const api = mockApi({
      'GET /admin/payments/methods': { state: 200, methods: before },
      'POST /admin/payments/methods': {
        state: 200,
        methods: [before[0], method(10, 'メルペイ', 'smartphone', 'komoju', false)],
      },
    });
    const user = userEvent.setup();
    renderWithClient(<PaymentMethodsPage />);
    const row = (await screen.findByRole('rowheader', { name: 'メルペイ' })).closest('tr')!;
    expect(within(row).getByText('KOMOJU')).toBeTruthy();
    expect(within(row).getByText('スマホ決済')).toBeTruthy();
    expect(within(row).getByText('表示中')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '停止する' }));
    expect(api.posts('/admin/payments/methods')[0]!.params).toMatchObject({ pay_id: 10, enabled: false });
    expect((await screen.findByRole('status')).textContent).toBe('メルペイを停止中にしました');
    expect(within(row).getByText('停止中')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '公開する' })).toBeTruthy();
  });
});
