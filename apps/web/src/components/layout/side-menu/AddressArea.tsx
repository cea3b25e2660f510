import { hyphenZip } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { hasAddress, useUserDetail } from '../../../api/account';
import styles from './SideMenu.module.css';

/** The current shipping address from GET /api/user/detail, or a button that opens the address modal. */
export function AddressArea({ onEdit }: { onEdit: () => void }) {
  const { t, i18n } = useTranslation('layout');
  // Japanese addresses run together; in English the parts (prefecture names come in English) need spaces.
  const sep = i18n.language === 'en' ? ' ' : '';
  const { data, isPending, refetch } = useUserDetail();
  const detail = data?.detail;
  let body;
  if (isPending) body = <p className={styles.note}>{t('menu.address.loading')}</p>;
  else if (data?.state !== 200) {
    body = (
      <p className={styles.note} role="alert">
        {t('menu.address.error')}{' '}
        <button type="button" className={styles.textButton} onClick={() => void refetch()}>
          {t('menu.address.retry')}
        </button>
      </p>
    );
  } else if (hasAddress(detail)) {
    const zip = hyphenZip(detail!.zipcode);
    body = (
      <>
        <address className={styles.address}>
          <span>{t('menu.address.zip', { zip })}</span>
          <span>{[detail!.pref_name, detail!.shiku, detail!.address].filter(Boolean).join(sep)}</span>
          {detail!.building && <span>{detail!.building}</span>}
        </address>
        <button type="button" className={styles.textButton} onClick={onEdit}>
          {t('menu.address.change')}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <p className={styles.note}>{t('menu.address.none')}</p>
        <button type="button" className={styles.secondaryButton} onClick={onEdit}>
          {t('menu.address.register')}
        </button>
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="side-menu-address">
      <h3 id="side-menu-address" className={styles.sectionTitle}>
        {t('menu.address.title')}
      </h3>
      {body}
    </section>
  );
}
