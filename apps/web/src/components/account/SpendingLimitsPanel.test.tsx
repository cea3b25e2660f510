import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpendingLimitsReply } from '@oripa/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { noteShopTime } from '../../lib/time/shop-time';
import { expectResendOffered, mailUnverifiedReply } from '../../test/mail-refusal';
import { polyfillDialog, renderWithClient } from '../../test/render';
import { BirthMonthStep } from '../payment/BirthMonthStep';
import { SpendingLimitsPanel } from './SpendingLimitsPanel';

const LIMITS: SpendingLimitsReply = {
  birth_month: '1990-01',
  age_band: 'adult',
  needs_consent: '0',
  band_cap: null,
  monthly_limit: 10_000,
  pending_limit: null,
  pending_effective_at: '',
  cool_off_until: '',
  month_total: 3_000,
  remaining: 7_000,
};

// Typing and the query round trip take a few seconds on a loaded machine.
describe('SpendingLimitsPanel (issue 19 §2)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the month against the limit, sends a raise and shows it waiting with its date', async () => {
    await i18n.changeLanguage('en');
    const raised = { ...LIMITS, pending_limit: 30_000, pending_effective_at: '2027-01-10 10:00:00' };
    const api = mockApi({
      'GET /user/spending_limits': { state: 200, ...LIMITS },
      'POST /user/spending_limits/monthly_limit': { state: 200, ...raised },
    });
    const user = userEvent.setup();
    renderWithClient(<SpendingLimitsPanel />);
    expect(screen.getByRole('heading', { name: 'Spending limits' })).toBeTruthy();
    expect(await screen.findByText('¥7,000')).toBeTruthy();
    const field = screen.getByLabelText(/^Monthly limit \(yen\)/) as HTMLInputElement;
    expect(field.value).toBe('10000');
    await user.clear(field);
    await user.type(field, '30000');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(screen.getByTestId('pending-limit').textContent).toMatch(/^¥30,000 from .*10 Jan 10:00/),
    );
    expect(api.posts('/user/spending_limits/monthly_limit')[0]!.params).toEqual({ monthly_limit: 30_000 });
  });

  it('refuses a negative limit on the field without calling the server (ja)', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({ 'GET /user/spending_limits': { state: 200, ...LIMITS } });
    const user = userEvent.setup();
    renderWithClient(<SpendingLimitsPanel />);
    const field = (await screen.findByLabelText(/^月の購入上限（円）/)) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(screen.getByRole('button', { name: '上限を保存する' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.posts('/user/spending_limits/monthly_limit')).toHaveLength(0);
  });

  it('starts a cool-off with the chosen period and shows when it ends', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({
      'GET /user/spending_limits': { state: 200, ...LIMITS },
      'POST /user/spending_limits/cool_off': { state: 200, ...LIMITS, cool_off_until: '2027-01-10 10:00:00' },
    });
    const user = userEvent.setup();
    renderWithClient(<SpendingLimitsPanel />);
    await user.click(await screen.findByRole('radio', { name: '7 days' }));
    await user.click(screen.getByRole('button', { name: 'Start cool-off' }));
    await waitFor(() =>
      expect(screen.getByTestId('cool-off').textContent).toMatch(/^No purchases until .*10 Jan 10:00/),
    );
    expect(api.posts('/user/spending_limits/cool_off')[0]!.params).toEqual({ period: '7d' });
  });
});

describe('BirthMonthStep', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a minor for the guardian's consent and sends it", async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ 'POST /user/spending_limits/birth_month': { state: 200, ...LIMITS } });
    const user = userEvent.setup();
    renderWithClient(<BirthMonthStep />);
    const year = String(new Date().getFullYear() - 15);
    await user.selectOptions(screen.getByLabelText(/^Year of birth/), year);
    await user.selectOptions(screen.getByLabelText(/^Month of birth/), '1');
    await user.click(screen.getByRole('checkbox', { name: 'My parent or guardian has agreed' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.posts('/user/spending_limits/birth_month')).toHaveLength(1));
    expect(api.posts('/user/spending_limits/birth_month')[0]!.params).toEqual({
      birth_year: Number(year),
      birth_month: 1,
      guardian_consent: true,
    });
  });

  it('asks no consent of an adult', async () => {
    await i18n.changeLanguage('ja');
    mockApi({});
    const user = userEvent.setup();
    renderWithClient(<BirthMonthStep />);
    await user.selectOptions(screen.getByLabelText(/^生まれた年/), '1990');
    await user.selectOptions(screen.getByLabelText(/^生まれた月/), '5');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers to send the confirmation link again when the mail address is not confirmed yet', async () => {
    await i18n.changeLanguage('ja');
    polyfillDialog();
    const api = mockApi({
      'POST /user/spending_limits/birth_month': mailUnverifiedReply(),
      'POST /user/mail/verify/send': { state: 200 },
    });
    const user = userEvent.setup();
    renderWithClient(<BirthMonthStep />);
    await user.selectOptions(screen.getByLabelText(/^生まれた年/), '1990');
    await user.selectOptions(screen.getByLabelText(/^生まれた月/), '5');
    await user.click(screen.getByRole('button', { name: '登録して購入に進む' }));
    const dialog = await screen.findByRole('dialog', { name: 'メールアドレスの確認が必要です' });
    await expectResendOffered(dialog, api);
  });

  it("judges a minor by the shop's date, not the device's", async () => {
    await i18n.changeLanguage('en');
    mockApi({});
    // Born in January 15 years before the device's year: a minor today, an adult 4 years on in a moved sandbox.
    const born = String(new Date().getFullYear() - 15);
    noteShopTime(String(Date.now() + 4 * 366 * 24 * 3600_000));
    try {
      const user = userEvent.setup();
      renderWithClient(<BirthMonthStep />);
      await user.selectOptions(screen.getByLabelText(/^Year of birth/), born);
      await user.selectOptions(screen.getByLabelText(/^Month of birth/), '1');
      expect(screen.queryByRole('checkbox')).toBeNull();
    } finally {
      noteShopTime(String(Date.now()));
    }
  });
});
