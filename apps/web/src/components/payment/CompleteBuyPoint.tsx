import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { trackPayResult, usePackPoint, usePointEnd } from '../../api/payments';
import { useCurrentUser, useRefreshCurrentUser } from '../../api/account';
import { showTopButton } from '../../lib/payment/complete-rules';
import { LoadState } from './LoadState';
import styles from './Payment.module.css';
import { num } from '../../lib/format/datetime';

/**
 * The three complete pages (/complete-buy-point, -paypal, -amazom-pay): success when point/end says result '1',
 * otherwise the spec's failure text. The top-page button follows complete-rules.ts.
 */
export function CompleteBuyPoint() {
  const { t } = useTranslation('payment');
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id') ?? '';
  const end = usePointEnd(paymentId);
  const user = useCurrentUser();
  const refreshUser = useRefreshCurrentUser();
  const packId = Number(end.data?.pack_id) || 0;
  const pack = usePackPoint(packId);
  const success = end.data?.state === 200 && end.data.result === '1';
  const credited = success ? Number(end.data?.point) || 0 : 0;
  const tracked = useRef(false);

  useEffect(() => {
    if (!end.data) return;
    void refreshUser();
    if (success && !tracked.current) {
      tracked.current = true;
      void trackPayResult(paymentId).catch((e: unknown) => console.warn('pay_result', e));
    }
  }, [end.data, success, paymentId, refreshUser]);

  const userPoint = Number(user.data?.point ?? 0);
  // A pack that cannot be loaded should not trap the member here: treat it as no pack.
  const topVisible = showTopButton(pack.isError ? null : packId, userPoint, pack.data?.detail?.point);

  return (
    <section className={styles.page} aria-labelledby="complete-title">
      <h1 id="complete-title" className={styles.title}>
        {end.isPending ? t('complete.titlePending') : success ? t('complete.title') : t('result.failureTitle')}
      </h1>
      {end.isPending ? (
        <LoadState />
      ) : (
        <div className={styles.card} role={success ? 'status' : 'alert'}>
          <p className={success ? styles.success : styles.error}>
            {success
              ? credited > 0
                ? t('complete.successPoints', { value: num(credited) })
                : t('complete.success')
              : t('complete.failure')}
          </p>
          {user.data?.point !== undefined && (
            <p>
              {t('balance')}
              <strong>{t('points', { value: num(userPoint) })}</strong>
            </p>
          )}
        </div>
      )}
      <div className={styles.actions}>
        {packId > 0 && success && (
          <Link className={styles.primary} to={`/pack-detail?packId=${packId}`}>
            {t('complete.toPack')}
          </Link>
        )}
        {(!success || (packId > 0 && !topVisible)) && (
          <Link className={styles.secondary} to={packId > 0 ? `/buy-point?packId=${packId}` : '/buy-point'}>
            {t('complete.buyMore')}
          </Link>
        )}
        {!end.isPending && topVisible && (
          <Link className={styles.secondary} to="/">
            {t('result.toTop')}
          </Link>
        )}
        <Link className={styles.secondary} to="/buy-point-history">
          {t('complete.history')}
        </Link>
      </div>
    </section>
  );
}
