import { hyphenZip, type UserDetail } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { hasAddress } from '../../api/account';
import styles from './MyPage.module.css';

/** The saved shipping address, or a prompt to add one, with the button that opens the address popup. */
export function ShippingAddressPanel({ detail, onEdit }: { detail: UserDetail; onEdit: () => void }) {
  const { t } = useTranslation('account');
  const present = hasAddress(detail);
  return (
    <section className={styles.panel} aria-labelledby="my-address">
      <h2 id="my-address" className={styles.panelTitle}>
        {t('myPage.address')}
      </h2>
      {present ? (
        <address className={styles.address} data-testid="my-address">
          〒{hyphenZip(detail.zipcode)}
          <br />
          {detail.pref_name} {detail.shiku} {detail.address}
          {detail.building && (
            <>
              <br />
              {detail.building}
            </>
          )}
        </address>
      ) : (
        <p className={styles.empty}>{t('myPage.noAddress')}</p>
      )}
      <button type="button" className={styles.panelButton} onClick={onEdit}>
        {t(present ? 'myPage.editAddress' : 'myPage.registerAddress')}
      </button>
    </section>
  );
}
