import { useTranslation } from 'react-i18next';
import styles from './CardListPages.module.css';
import page from './PackPages.module.css';

/**
 * The shipping screens' title and 'skip shipping' link inside the page. The same pair is also given to the shared
 * header through its slot; this copy keeps it reachable where the header shows only the logo (small screens).
 */
export function ShipHeader({ titleId, onSkip }: { titleId: string; onSkip: () => void }) {
  const { t } = useTranslation('pack');
  return (
    <div className={styles.shipHead}>
      <h1 id={titleId} className={page.h1}>
        {t('ship.headerTitle')}
      </h1>
      <button type="button" className={styles.link} onClick={onSkip} data-testid="skip-shipping">
        {t('ship.skip')}
      </button>
    </div>
  );
}
