import { useTranslation } from 'react-i18next';
import styles from './TopPage.module.css';

/** The 'coming soon' notice for a card game whose packs are not on sale yet. */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation('top');
  return (
    <div className={styles.comingSoon} role="note">
      <span className={styles.comingBadge}>{t('comingSoon.badge')}</span>
      <h2 className={styles.comingTitle}>{t('comingSoon.title', { name })}</h2>
      <p className={styles.comingBody}>{t('comingSoon.body')}</p>
    </div>
  );
}
