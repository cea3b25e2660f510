import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { ClosedBadge, IdleStanding } from './IdleStanding';

const open = {
  last_activity_at: '2026-03-10 12:00:00',
  idle_closes_at: '2026-09-10 12:00:00',
  idle_notice_sent_at: '',
  closed_at: '',
  closed_reason: '' as const,
};

function show(member: typeof open | (Omit<typeof open, 'closed_reason'> & { closed_reason: 'idle' | 'withdrawal' })) {
  return render(
    <>
      <h1>
        <ClosedBadge member={member} />
      </h1>
      <dl>
        <IdleStanding member={member} />
      </dl>
    </>,
  );
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ja');
});

describe('the member page idle standing (console)', () => {
  it('shows last activity, the closure date and that no notice went out yet', () => {
    show(open);
    expect(screen.getByTestId('last-activity').textContent).toBe('2026-03-10 12:00:00');
    expect(screen.getByText('休眠による閉鎖予定')).toBeTruthy();
    expect(screen.getByTestId('idle-closes').textContent).toBe('2026-09-10 12:00:00');
    expect(screen.getByTestId('idle-notice').textContent).toBe('未送信（閉鎖の30日前に送信します）');
    expect(screen.queryByText(/閉鎖済み/)).toBeNull();
  });

  it('says when the notice was sent', async () => {
    await i18n.changeLanguage('en');
    show({ ...open, idle_notice_sent_at: '2026-08-11 12:00:00' });
    expect(screen.getByText('Closes if still idle')).toBeTruthy();
    expect(screen.getByTestId('idle-notice').textContent).toBe('Sent 2026-08-11 12:00:00');
  });

  it('shows a closed account with its date and reason instead of a closure date', () => {
    show({ ...open, idle_closes_at: '', closed_at: '2026-09-10 13:00:00', closed_reason: 'idle' });
    expect(screen.getByTestId('closed').textContent).toBe('2026-09-10 13:00:00（6ヶ月間ご利用なし）');
    expect(screen.getByText('閉鎖済み（6ヶ月間ご利用なし）')).toBeTruthy();
    expect(screen.queryByTestId('idle-closes')).toBeNull();
    expect(screen.queryByTestId('idle-notice')).toBeNull();
  });

  it('names a withdrawal as such', async () => {
    await i18n.changeLanguage('en');
    show({ ...open, idle_closes_at: '', closed_at: '2026-05-01 09:00:00', closed_reason: 'withdrawal' });
    expect(screen.getByTestId('closed').textContent).toBe('2026-05-01 09:00:00 (withdrawn by the member)');
  });
});
