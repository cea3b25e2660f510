import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../components/account/AccountForm.module.css';

/** End of the reissue flow; reached with replace navigation so Back cannot reopen the form. */
export function CompletePasswordReissuePage() {
  const { t } = useTranslation('account');
  return (
    <section className={styles.page} aria-labelledby="reissue-complete-title">
      <div className={styles.card} role="status">
        <h1 id="reissue-complete-title" className={styles.title}>
          {t('completeReissue.title')}
        </h1>
        <p className={styles.lead}>{t('completeReissue.body')}</p>
        <div className={styles.actions}>
          <Link to="/login" className={styles.primary} replace>
            {t('completeReissue.toLogin')}
          </Link>
        </div>
      </div>
    </section>
  );
}
