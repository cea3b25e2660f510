import { isShipmentStatus } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchPickList, type ShipmentPick } from '../../api/fulfilment';
import styles from './Shipments.module.css';
import { lineKey, lineOrigin, lineTicket } from './line-origin';
import { zip } from './zip';

/** /admin/shipments/pick-list?ids=…|status=…: one print-friendly sheet per parcel with a box to tick per card. */
export function PickListPage() {
  const { t } = useTranslation('admin-fulfilment');
  const [search] = useSearchParams();
  const ids = (search.get('ids') ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  const status = search.get('status');
  const pick: ShipmentPick | null = ids.length > 0 ? { ids } : isShipmentStatus(status) ? { status } : null;
  const q = useQuery({
    queryKey: ['admin', 'pick-list', pick],
    queryFn: () => fetchPickList(pick!),
    enabled: pick !== null,
  });
  const shipments = isOk(q.data) ? q.data.shipments : [];
  return (
    <>
      <div className={`a-row ${styles.noPrint}`}>
        <Link to="/admin/shipments">{t('detail.back')}</Link>
        <button type="button" className="a-primary" onClick={() => window.print()}>
          {t('pick.print')}
        </button>
      </div>
      <h1>{t('pickListTitle')}</h1>
      {q.isFetching ? <p className="a-loading">{t('admin-common:loading')}</p> : null}
      {!q.isFetching && shipments.length === 0 ? <p>{t('pick.empty')}</p> : null}
      {shipments.map((s) => (
        <section key={s.id} className={`a-card ${styles.pickSheet}`} aria-labelledby={`pick-${s.id}`}>
          <div className={styles.pickHead}>
            <h2 id={`pick-${s.id}`}>
              {t('detailTitle', { id: s.id })} — {s.recipient} 様
            </h2>
            <span>{t('pick.count', { count: s.lines.length })}</span>
          </div>
          <p>
            〒{zip(s.zipcode)} {s.address} {s.building}
          </p>
          <table className="a-plain">
            <thead>
              <tr>
                <th scope="col">{t('pick.check')}</th>
                <th scope="col">{t('pick.rank')}</th>
                <th scope="col">{t('pick.card')}</th>
                <th scope="col">{t('pick.model')}</th>
                <th scope="col">{t('pick.pack')}</th>
                <th scope="col">{t('pick.ticket')}</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={lineKey(l)}>
                  <td>
                    <span className={styles.box} aria-hidden="true" />
                  </td>
                  <td>{l.rank || '—'}</td>
                  <td>{l.name}</td>
                  <td>{l.model_number || '—'}</td>
                  <td>{lineOrigin(l, t)}</td>
                  <td>{lineTicket(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
