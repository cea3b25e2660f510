import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePackReturn } from '../../hooks/account/use-pack-return';
import styles from '../../components/account/AccountForm.module.css';

/**
 * Step 3 of 3. Reached with replace navigation, so Back skips the confirm page. It says that the confirmation mail
 * is on its way and what waits for it (issue 19 §2: buying, and receiving points and rewards).
 */
export function CompleteUserRegisterPage() {
  const { t } = useTranslation('account');
  const { packId } = usePackReturn();
  return (
    <section className={styles.page} aria-labelledby="complete-register-title">
      <div className={styles.card}>
        <h1 id="complete-register-title" className={styles.title}>
          {t('completeRegister.title')}
        </h1>
        <p className={styles.lead}>{t('completeRegister.body')}</p>
        <p className={styles.notice}>{t('completeRegister.mailNotice')}</p>
        <div className={styles.actions}>
          <Link className={styles.primary} to={packId ? `/pack-detail?packId=${packId}` : '/'} replace>
            {t(packId ? 'completeRegister.toPack' : 'completeRegister.toTop')}
          </Link>
          <Link className={styles.secondary} to="/my-page" replace>
            {t('completeRegister.toMyPage')}
          </Link>
        </div>
      </div>
    </section>
  );
}
