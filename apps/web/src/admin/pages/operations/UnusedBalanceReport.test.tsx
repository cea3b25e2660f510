import type { UnusedBalanceReport as Report } from '@oripa/core/admin';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { UnusedBalanceReport } from './UnusedBalanceReport';

const figures = (paid: number, free: number) => ({
  paid_points: paid,
  free_points: free,
  coins: 40,
  unused_yen: paid,
  over_threshold: paid > 10_000_000,
  deposit_yen: paid > 10_000_000 ? Math.ceil(paid / 2) : 0,
});

const report: Report = {
  threshold_yen: 10_000_000,
  today: { at: '2026-11-27 21:30:00', ...figures(12_000_000, 3_000) },
  expiry: [
    { month: '2026-11', overdue: true, paid_points: 500, free_points: 0 },
    { month: '2027-05', overdue: false, paid_points: 11_999_500, free_points: 3_000 },
  ],
  rows: [
    { date: '2026-09-30', ...figures(8_000_000, 2_000) },
    { date: '2026-03-31', ...figures(5_000, 0) },
  ],
};

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ja');
});

describe('the unused-balance report (console)', () => {
  it("shows today's balance beside the base dates, paid and free apart, against the threshold", async () => {
    await i18n.changeLanguage('ja');
    render(<UnusedBalanceReport report={report} />);
    expect(screen.getByTestId('unused-threshold').textContent).toContain('10,000,000円');
    const today = screen.getByTestId('unused-today');
    expect(within(today).getByRole('rowheader').textContent).toBe('今日（2026-11-27 21:30:00時点）');
    expect(within(today).getByText('12,000,000')).toBeTruthy();
    expect(within(today).getByText('超過')).toBeTruthy();
    expect(within(today).getByText('6,000,000円')).toBeTruthy();
    expect(within(today).getByText('3,000')).toBeTruthy();
    const base = screen.getByRole('rowheader', { name: '2026-09-30' }).closest('tr')!;
    expect(within(base).getByText('以下')).toBeTruthy();
    expect(within(base).getByText('—')).toBeTruthy();
    expect(screen.getByText('2026-11（期限切れ・失効処理待ち）')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '2027-05' })).toBeTruthy();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    render(<UnusedBalanceReport report={report} />);
    expect(screen.getByTestId('unused-threshold').textContent).toContain('¥10,000,000');
    expect(within(screen.getByTestId('unused-today')).getByRole('rowheader').textContent).toBe(
      'Today (2026-11-27 21:30:00)',
    );
    expect(within(screen.getByTestId('unused-today')).getByText('Over')).toBeTruthy();
    expect(screen.getByText("When today's balance expires")).toBeTruthy();
    expect(screen.getByText('2026-11 (past its date, awaiting expiry)')).toBeTruthy();
  });
});
