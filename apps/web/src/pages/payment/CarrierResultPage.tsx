import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from '../../components/payment/Payment.module.css';

/** /complete-carrier and /error-carrier. Spec section 2: success is decided by the address containing complete-carrier. */
export function CarrierResultPage() {
  const { t } = useTranslation('payment');
  const { pathname } = useLocation();
  const success = pathname.includes('complete-carrier');
  return (
    <section className={styles.page} aria-labelledby="carrier-title">
      <h1 id="carrier-title" className={styles.title}>
        {success ? t('carrier_result.completeTitle') : t('carrier_result.errorTitle')}
      </h1>
      <div className={styles.card} role={success ? 'status' : 'alert'}>
        {success ? (
          <p className={styles.success}>{t('carrier_result.complete')}</p>
        ) : (
          <>
            <p className={styles.error}>{t('carrier_result.error')}</p>
            <p>{t('carrier_result.errorCheck')}</p>
            <p>{t('carrier_result.errorAsk')}</p>
          </>
        )}
      </div>
      <div className={styles.actions}>
        {!success && (
          <Link className={styles.primary} to="/buy-point">
            {t('complete.buyMore')}
          </Link>
        )}
        <Link className={styles.secondary} to="/">
          {t('result.toTop')}
        </Link>
      </div>
    </section>
  );
}
