import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { formatTokyo } from '@oripa/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { DrawButtons } from './DrawButtons';
import { packSummary, useJapanese } from '../../test/pack-fixtures';

beforeAll(useJapanese);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const btn = (name: RegExp) => screen.queryByRole<HTMLButtonElement>('button', { name });

describe('DrawButtons (spec section 5)', () => {
  it('shows 1, 10 and 100 for a big unlimited pack, and no "all"', () => {
    const onDraw = vi.fn();
    render(<DrawButtons pack={packSummary({ pack_count: 400 })} onDraw={onDraw} />);
    expect(btn(/^1回 /)!.disabled).toBe(false);
    expect(btn(/^10連 /)!.disabled).toBe(false);
    expect(btn(/^100連 /)!.disabled).toBe(false);
    expect(btn(/残り全部/)).toBeNull();
    fireEvent.click(btn(/^10連 /)!);
    expect(onDraw).toHaveBeenCalledWith(10);
  });

  it('below 100 left and no limit: the 100-draw is gone, "all" buys every remaining ticket', () => {
    const onDraw = vi.fn();
    render(<DrawButtons pack={packSummary({ pack_count: 50 })} onDraw={onDraw} />);
    expect(btn(/^100連 /)).toBeNull();
    expect(btn(/残り全部/)!.textContent).toContain('50回');
    fireEvent.click(btn(/残り全部/)!);
    expect(onDraw).toHaveBeenCalledWith('all');
  });

  it('disables the 10-draw with fewer than 10 left', () => {
    render(<DrawButtons pack={packSummary({ pack_count: 9 })} onDraw={vi.fn()} />);
    expect(btn(/^10連 /)!.disabled).toBe(true);
    expect(btn(/^1回 /)!.disabled).toBe(false);
  });

  it('a max_buy_count of 5 disables 10 and 100 (shown because the limit is non-zero) and hides "all"', () => {
    render(<DrawButtons pack={packSummary({ pack_count: 50, max_buy_count: 5 })} onDraw={vi.fn()} />);
    expect(btn(/^10連 /)!.disabled).toBe(true);
    expect(btn(/^100連 /)!.disabled).toBe(true);
    expect(btn(/残り全部/)).toBeNull();
  });

  it.each([
    [{ is_sms_limit: '1' as const }, 'SMS認証済みの会員様限定'],
    [{ can_limit: '1' as const, rank_limit: 3 }, 'ゴールド以上の会員様限定'],
    [{ can_limit: '1' as const }, '購入上限に達した'],
  ])('ignores clicks and says why: %o', (over, reason) => {
    const onDraw = vi.fn();
    render(<DrawButtons pack={packSummary(over)} onDraw={onDraw} />);
    fireEvent.click(btn(/^1回 /)!);
    fireEvent.click(btn(/^10連 /)!);
    expect(onDraw).not.toHaveBeenCalled();
    expect(screen.getByRole('note')!.textContent).toContain(reason);
    expect(btn(/^1回 /)!.getAttribute('aria-disabled')).toBe('true');
  });

  it('names the rank limit as the badge and the server do, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<DrawButtons pack={packSummary({ can_limit: '1', rank_limit: 3 })} onDraw={vi.fn()} />);
      expect(screen.getByRole('note')!.textContent).toBe('For members ranked Gold or above only.');
    } finally {
      await useJapanese();
    }
  });

  it('a sold-out pack has nothing to press, only the reason', () => {
    render(<DrawButtons pack={packSummary({ pack_count: 0 })} onDraw={vi.fn()} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('note')!.textContent).toContain('売り切れ');
  });

  it('counts down hh.mm.ss every second before the start, then shows the buttons', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T00:00:00Z') });
    const start = formatTokyo(new Date(Date.now() + (3600 + 3) * 1000));
    const onSaleStart = vi.fn();
    render(
      <DrawButtons
        pack={packSummary({ is_before: '1', start_date: start })}
        onDraw={vi.fn()}
        onSaleStart={onSaleStart}
      />,
    );
    expect(screen.getByTestId('countdown')!.textContent).toContain('01:00:03');
    expect(btn(/^1回 /)).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown')!.textContent).toContain('01:00:02');
    act(() => vi.advanceTimersByTime(3600 * 1000 + 2000));
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(btn(/^1回 /)!.disabled).toBe(false);
    expect(onSaleStart).toHaveBeenCalledTimes(1);
  });
});
