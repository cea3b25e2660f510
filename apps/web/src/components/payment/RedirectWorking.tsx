import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Payment.module.css';

/** The "processing your payment" page shown while a return from a payment provider is handed to the server. */
export function RedirectWorking({ titleId, children }: { titleId: string; children?: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('redirect.title')}
      </h1>
      <div role="status" aria-live="polite" className={styles.card}>
        <div className={styles.spinner} aria-hidden="true" />
        <p>{t('redirect.working')}</p>
      </div>
      {children}
    </section>
  );
}
