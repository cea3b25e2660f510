import { stockBarColor } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './StockBar.module.css';
import { num } from '../../lib/format/datetime';

/** Remaining-stock bar: green above 76 %, amber above 30 %, red otherwise (spec section 5). */
export function StockBar({ remaining, total }: { remaining: number; total: number }) {
  const { t } = useTranslation('pack');
  const color = stockBarColor(remaining, total);
  const pct = total > 0 ? Math.max(0, Math.min(100, (remaining / total) * 100)) : 0;
  const label = t('stock.remaining', { remaining: num(remaining), total: num(total) });
  return (
    <div className={styles.stock}>
      <div
        className={styles.track}
        role="meter"
        aria-label={t('stock.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={remaining}
        aria-valuetext={label}
      >
        <div className={`${styles.fill} ${styles[color]}`} style={{ width: `${pct}%` }} data-color={color} />
      </div>
      <span className={styles.text}>{label}</span>
    </div>
  );
}
