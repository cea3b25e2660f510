import { hasAddress, OVERSEAS_PREF_ID, type UserDetail } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../api/client';
import { useUserDetail } from '../../api/account';
import { AddressModal } from '../../components/account/AddressModal';
import styles from './CardListPages.module.css';
import history from './HistoryPages.module.css';
import page from './PackPages.module.css';

/** One line of the address as a parcel label reads: 〒 code, prefecture, city, street, building. */
function addressLine(d: UserDetail) {
  const zip = d.zipcode.length === 7 ? `${d.zipcode.slice(0, 3)}-${d.zipcode.slice(3)}` : d.zipcode;
  return [`〒${zip}`, d.pref_name, d.shiku, d.address, d.building].filter(Boolean).join(' ');
}

/**
 * What the member agrees to before the irreversible shipping choice (issue 24): where the parcel goes (with a way
 * to change it here), what it costs (free in Japan; overseas postage and duties may apply, as the terms say) and
 * when it leaves. Without an address the decision opens the address form, so this says so instead.
 */
export function ShipTerms() {
  const { t } = useTranslation('pack');
  const { data } = useUserDetail();
  const [editing, setEditing] = useState(false);
  const detail = isOk(data) ? data.detail : undefined;
  const overseas = detail?.pref_id === OVERSEAS_PREF_ID;
  return (
    <section className={page.panel} aria-labelledby="ship-terms">
      <h2 id="ship-terms" className={page.h2}>
        {t('shipTerms.title')}
      </h2>
      <dl className={history.facts}>
        <dt>{t('shipTerms.address')}</dt>
        <dd data-testid="ship-address">
          {detail && hasAddress(detail) ? (
            <>
              <span className="keep-words">
                {[detail.lastName, detail.middleName, detail.firstName].filter(Boolean).join(' ')}
              </span>
              <br />
              {addressLine(detail)}
              <br />
              <button type="button" className={styles.linkButton} onClick={() => setEditing(true)}>
                {t('shipTerms.change')}
              </button>
            </>
          ) : detail ? (
            t('shipTerms.noAddress')
          ) : (
            '…'
          )}
        </dd>
        <dt>{t('shipTerms.fee')}</dt>
        <dd data-testid="ship-fee">{overseas ? t('shipTerms.feeOverseas') : t('shipTerms.feeDomestic')}</dd>
        <dt>{t('shipTerms.when')}</dt>
        <dd>{t('shipTerms.whenText')}</dd>
      </dl>
      <AddressModal open={editing} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
    </section>
  );
}
