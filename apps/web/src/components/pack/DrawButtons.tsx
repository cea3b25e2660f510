import { drawButtons, type DrawCount, type PackSummary } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rankLimitName } from '../../lib/pack/rank-name';
import { useCountdown } from '../../hooks/pack/use-countdown';
import { DrawCountSelect } from './DrawCountSelect';
import styles from './DrawButtons.module.css';
import { num } from '../../lib/format/datetime';

type BlockReason = 'soldOut' | 'sms' | 'rank' | 'limit';

/** Why clicks are ignored (spec section 5: sold out, SMS-limited, or can_limit '1'), shown beside the buttons. */
export function blockReason(p: PackSummary): BlockReason | null {
  if (p.pack_count <= 0) return 'soldOut';
  if (p.is_sms_limit === '1') return 'sms';
  if (p.can_limit === '1') return p.rank_limit > 0 ? 'rank' : 'limit';
  return null;
}

export interface DrawButtonsProps {
  pack: PackSummary;
  onDraw: (count: DrawCount) => void;
  /** The count drop-down (pack detail only). */
  withDropdown?: boolean;
  /** Called when the countdown reaches zero, so the page can reload the pack. */
  onSaleStart?: () => void;
}

/** The 1 / 10 / 100 / all buttons exactly as drawButtons() says, or the countdown while the sale has not started. */
export function DrawButtons({ pack, onDraw, withDropdown, onSaleStart }: DrawButtonsProps) {
  const { t } = useTranslation('pack');
  const [started, setStarted] = useState(false);
  const countdown = useCountdown(pack.start_date, pack.is_before === '1' && !started, () => {
    setStarted(true);
    onSaleStart?.();
  });
  const [custom, setCustom] = useState(1);
  if (pack.is_before === '1' && !started && countdown) {
    return (
      <div className={styles.countdown} role="timer" aria-live="off">
        <span className={styles.countdownLabel}>{t('countdown.label')}</span>
        <span className={styles.countdownValue} data-testid="countdown">
          {countdown.days > 0
            ? t('countdown.days', { count: countdown.days, clock: countdown.clock })
            : t('countdown.clock', { clock: countdown.clock })}
        </span>
      </div>
    );
  }
  const rules = drawButtons(pack);
  const reason = blockReason(pack);
  if (rules.soldOut) {
    // Nothing to press on a sold-out pack: only the reason.
    return (
      <p className={styles.reason} role="note">
        {t('blocked.soldOut')}
      </p>
    );
  }
  const click = (count: DrawCount) => {
    if (rules.clicksIgnored) return;
    onDraw(count);
  };
  const price = (n: number) =>
    t(pack.payment_method === '2' ? 'price.coins' : 'price.points', { amount: num(pack.point * n) });
  const button = (count: DrawCount, label: string, sub: string, disabled: boolean, variant: string) => (
    <button
      type="button"
      className={`${styles.btn} ${styles[variant]}`}
      disabled={disabled}
      aria-disabled={rules.clicksIgnored || undefined}
      aria-describedby={reason ? `why-${pack.id}` : undefined}
      onClick={() => click(count)}
    >
      <span className={styles.btnLabel}>{label}</span> <span className={styles.btnSub}>{sub}</span>
    </button>
  );
  return (
    <div className={styles.wrap}>
      <div className={`${styles.row} ${rules.clicksIgnored ? styles.ignored : ''}`}>
        {button(1, t('draw.one'), price(1), false, 'one')}
        {button(10, t('draw.ten'), price(10), rules.ten.disabled, 'ten')}
        {rules.hundred.shown && button(100, t('draw.hundred'), price(100), rules.hundred.disabled, 'hundred')}
        {rules.all.shown &&
          button(
            'all',
            t('draw.all'),
            t('draw.allSub', { count: pack.pack_count, price: price(pack.pack_count) }),
            false,
            'all',
          )}
      </div>
      {withDropdown && !rules.clicksIgnored && rules.dropdownMax > 1 && (
        <div className={styles.custom}>
          <label htmlFor={`count-${pack.id}`}>{t('draw.customLabel')}</label>
          <DrawCountSelect id={`count-${pack.id}`} max={rules.dropdownMax} value={custom} onChange={setCustom} />
          <button type="button" className={`${styles.btn} ${styles.customBtn}`} onClick={() => click(custom)}>
            <span className={styles.btnLabel}>{t('draw.customButton', { count: custom })}</span>
            <span className={styles.btnSub}>{price(custom)}</span>
          </button>
        </div>
      )}
      {reason && (
        <p id={`why-${pack.id}`} className={styles.reason} role="note">
          {t(`blocked.${reason}`, { limit: rankLimitName(pack.rank_limit) })}
        </p>
      )}
    </div>
  );
}
