import { useTranslation } from 'react-i18next';
import styles from './LoadingOverlay.module.css';

/** The full-screen loading overlay with a spinner (spec section 2, Global). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
