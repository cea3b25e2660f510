import { useTranslation } from 'react-i18next';
import styles from './Payment.module.css';

/** The loading and error states every payment page shares: a spinner, or the error with a retry button. */
export function LoadState({ error, onRetry }: { error?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation('payment');
  if (!error) {
    return (
      <div role="status" aria-live="polite">
        <div className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">{t('loading', { ns: 'common' })}</span>
      </div>
    );
  }
  return (
    <div className={styles.card} role="alert">
      <p>{t('loadError')}</p>
      {onRetry && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      )}
    </div>
  );
}
