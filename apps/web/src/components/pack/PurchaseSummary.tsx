import type { PackCheckReply } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUserReply } from '../../api/account';
import styles from './PurchaseSummary.module.css';
import { num } from '../../lib/format/datetime';

/** Count, total price and the balance before and after: the confirm modal and the confirm page both show it. */
export function PurchaseSummary({
  check,
  packName,
  user,
}: {
  check: PackCheckReply;
  packName: string;
  user: CurrentUserReply | undefined;
}) {
  const { t } = useTranslation('pack');
  const coin = check.payment_method === '2';
  const balance = Number((coin ? user?.coin : user?.point) ?? 0) || 0;
  const unit = (n: number) => t(coin ? 'price.coins' : 'price.points', { amount: num(n) });
  return (
    <dl className={styles.summary}>
      <dt>{t('confirm.pack')}</dt>
      <dd className="keep-words">{packName}</dd>
      <dt>{t('confirm.count')}</dt>
      <dd data-testid="confirm-count">{t('draw.times', { count: check.count })}</dd>
      <dt>{t('confirm.total')}</dt>
      <dd className={styles.total} data-testid="confirm-total">
        {unit(check.point)}
      </dd>
      <dt>{t(coin ? 'confirm.balanceCoins' : 'confirm.balancePoints')}</dt>
      <dd>
        {unit(balance)} <span aria-hidden="true">→</span>
        <span className="visually-hidden">{t('confirm.after')}</span> <strong>{unit(balance - check.point)}</strong>
      </dd>
    </dl>
  );
}
