import { isShipmentStatus } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchPickList, type ShipmentPick } from '../../api/fulfilment';
import styles from './Shipments.module.css';
import { lineKey, lineOrigin, lineTicket } from './line-origin';
import { zip } from './zip';

/**
 * /admin/shipments/pick-list?ids=…|status=…[&after=…]: one print-friendly sheet per parcel with a box to tick per
 * card. A status comes a page at a time with where it stands in the whole ("1–200 of 3,002") and a link to the next
 * page, so no parcel is left off (issue 21).
 */
export function PickListPage() {
  const { t } = useTranslation('admin-fulfilment');
  const [search] = useSearchParams();
  const ids = (search.get('ids') ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  const status = search.get('status');
  const after = /^\d{1,15}$/.test(search.get('after') ?? '') ? Number(search.get('after')) : 0;
  const pick: ShipmentPick | null = ids.length > 0 ? { ids } : isShipmentStatus(status) ? { status } : null;
  const q = useQuery({
    queryKey: ['admin', 'pick-list', pick, after],
    queryFn: () => fetchPickList(pick!, after),
    enabled: pick !== null,
  });
  const page = isOk(q.data) ? q.data : null;
  const shipments = page?.shipments ?? [];
  const pageLink = (next: number) => `/admin/shipments/pick-list?status=${status}${next > 0 ? `&after=${next}` : ''}`;
  return (
    <>
      <div className={`a-row ${styles.noPrint}`}>
        <Link to="/admin/shipments">{t('detail.back')}</Link>
        <button type="button" className="a-primary" onClick={() => window.print()}>
          {t('pick.print')}
        </button>
      </div>
      <h1>{t('pickListTitle')}</h1>
      {page && page.total > 0 ? (
        <p role="status">{t('pick.range', { from: page.from, to: page.to, total: page.total })}</p>
      ) : null}
      {page && (after > 0 || page.next_after !== null) ? (
        <nav className={`a-row ${styles.noPrint}`} aria-label={t('pick.pages')}>
          {after > 0 ? <Link to={pageLink(0)}>{t('pick.first')}</Link> : null}
          {page.next_after !== null ? <Link to={pageLink(page.next_after)}>{t('pick.next')}</Link> : null}
        </nav>
      ) : null}
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
