import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../components/payment/Payment.module.css';

/** /payge-transfer-information: the second transfer page (remittance by mail within 3 days). */
export function PaygeTransferInformationPage() {
  const { t } = useTranslation('payment');
  const steps = t('payge.steps', { returnObjects: true }) as string[];
  return (
    <section className={styles.page} aria-labelledby="payge-title">
      <h1 id="payge-title" className={styles.title}>
        {t('payge.title')}
      </h1>
      <p>{t('payge.lead')}</p>
      <ol className={`${styles.card} ${styles.steps}`}>
        {Array.isArray(steps) && steps.map((s) => <li key={s}>{s}</li>)}
      </ol>
      <p className={styles.muted}>{t('payge.note')}</p>
      <ul className={styles.notes}>
        <li>{t('bankInfo.hours')}</li>
      </ul>
      <div className={styles.actions}>
        <Link className={styles.secondary} to="/">
          {t('result.toTop')}
        </Link>
      </div>
    </section>
  );
}
