import { useTranslation } from 'react-i18next';
import styles from './PriceTag.module.css';
import { num } from '../../lib/format/datetime';

/** A price in points (P) or coins, with its icon; payment_method '2' is a coin pack. */
export function PriceTag({ amount, method, perDraw }: { amount: number; method: '1' | '2'; perDraw?: boolean }) {
  const { t } = useTranslation('pack');
  const coin = method === '2';
  return (
    <span className={styles.price}>
      <span className={coin ? styles.coin : styles.point} aria-hidden="true">
        {coin ? 'C' : 'P'}
      </span>
      <span className={styles.amount}>{t(coin ? 'price.coins' : 'price.points', { amount: num(amount) })}</span>
      {perDraw && <span className={styles.per}>{t('price.perDraw')}</span>}
    </span>
  );
}
