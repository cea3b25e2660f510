import type { YamatoService } from '@oripa/core/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierFileUrl, type ShipmentPick } from '../../api/fulfilment';
import styles from './Shipments.module.css';

const CODE_KEY = 'oripa.admin.yamatoCustomerCode';

/**
 * Links that download the carrier files of the selected shipments (or the status shown: every shipment in it, the
 * server streams them all; `count` says how many).
 */
export function CarrierExport({ pick, count }: { pick: ShipmentPick | null; count?: number }) {
  const { t } = useTranslation('admin-fulfilment');
  const id = useId();
  const [service, setService] = useState<YamatoService>('takkyubin');
  const [code, setCode] = useState(() => localStorage.getItem(CODE_KEY) ?? '');
  return (
    <section className="a-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('export.title')}</h2>
      <p className="a-hint">{t('export.hint')}</p>
      <div className="a-filters">
        <div className="a-field">
          <label htmlFor={`${id}-service`}>{t('export.service')}</label>
          <select id={`${id}-service`} value={service} onChange={(e) => setService(e.target.value as YamatoService)}>
            <option value="takkyubin">{t('export.takkyubin')}</option>
            <option value="compact">{t('export.compact')}</option>
          </select>
        </div>
        <div className="a-field">
          <label htmlFor={`${id}-code`}>{t('export.customerCode')}</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              localStorage.setItem(CODE_KEY, e.target.value);
            }}
          />
        </div>
      </div>
      {pick && count !== undefined ? <p role="status">{t('export.count', { count })}</p> : null}
      {pick ? (
        <div className="a-row">
          <a className={styles.button} href={carrierFileUrl(pick, 'yamato_b2', service, code)} download>
            {t('export.yamato')}
          </a>
          <a className={styles.button} href={carrierFileUrl(pick, 'click_post', service)} download>
            {t('export.clickPost')}
          </a>
        </div>
      ) : (
        <p className="a-hint">{t('export.needScope')}</p>
      )}
    </section>
  );
}
