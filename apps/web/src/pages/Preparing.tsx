import { useTranslation } from 'react-i18next';
import styles from './Preparing.module.css';

/** Placeholder for a route whose page is not built yet: its heading and a short notice. */
export function preparing(titleKey: string) {
  function PreparingPage() {
    const { t } = useTranslation(['titles', 'common']);
    return (
      <section className={styles.page}>
        <h1>{t(titleKey, { ns: 'titles' })}</h1>
        <p role="note">{t('preparing', { ns: 'common' })}</p>
      </section>
    );
  }
  return PreparingPage;
}
