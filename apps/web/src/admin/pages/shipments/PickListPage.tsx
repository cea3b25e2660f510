import { combinedPickList, isShipmentStatus, type AdminShipmentDetail } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchPickList, type ShipmentPick } from '../../api/fulfilment';
import styles from './Shipments.module.css';
import { lineKey, lineOrigin, lineTicket } from './line-origin';
import { zip } from './zip';

/**
 * /admin/shipments/pick-list?ids=…|status=…[&after=…][&view=combined]: one print-friendly sheet per parcel with a
 * box to tick per card, or (view=combined) the same parcels' cards grouped by card, with its picture, how many and
 * which parcels they go to. A status comes a page at a time with where it stands in the whole ("1–200 of 3,002")
 * and a link to the next page, so no parcel is left off (issue 21). Both fit a 390 px phone: their tables become
 * one block per line there (Shipments.module.css).
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
  const combined = search.get('view') === 'combined';
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    return `/admin/shipments/pick-list?${next.toString()}`;
  };
  const pageLink = (next: number) => link({ after: next > 0 ? String(next) : null });
  return (
    <>
      <div className={`a-row ${styles.noPrint}`}>
        <Link to="/admin/shipments">{t('detail.back')}</Link>
        <button type="button" className="a-primary" onClick={() => window.print()}>
          {t('pick.print')}
        </button>
      </div>
      <h1>{combined ? t('pick.combinedTitle') : t('pickListTitle')}</h1>
      <nav className={`a-row ${styles.noPrint} ${styles.views}`} aria-label={t('pick.views')}>
        <Link to={link({ view: null })} aria-current={combined ? undefined : 'page'}>
          {t('pick.perParcel')}
        </Link>
        <Link to={link({ view: 'combined' })} aria-current={combined ? 'page' : undefined}>
          {t('pick.combined')}
        </Link>
      </nav>
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
      {combined && shipments.length > 0 ? <CombinedList shipments={shipments} t={t} /> : null}
      {combined
        ? null
        : shipments.map((s) => (
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
              <table className={`a-plain ${styles.pickTable}`}>
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
                      <td className={styles.check}>
                        <span className={styles.box} aria-hidden="true" />
                      </td>
                      <td data-label={t('pick.rank')}>{l.rank || '—'}</td>
                      <td data-label={t('pick.card')} className={styles.cardName}>
                        {l.name}
                      </td>
                      <td data-label={t('pick.model')}>{l.model_number || '—'}</td>
                      <td data-label={t('pick.pack')}>{lineOrigin(l, t)}</td>
                      <td data-label={t('pick.ticket')}>{lineTicket(l)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
    </>
  );
}

/** The page's parcels by card (core combinedPickList): picture, card, how many, and the parcels they go to. */
function CombinedList({ shipments, t }: { shipments: AdminShipmentDetail[]; t: TFunction<'admin-fulfilment'> }) {
  const cards = combinedPickList(shipments);
  const count = cards.reduce((n, c) => n + c.count, 0);
  return (
    <section className={`a-card ${styles.pickSheet}`} aria-label={t('pick.combinedTitle')}>
      <p>{t('pick.combinedNote', { parcels: shipments.length, cards: cards.length, count })}</p>
      <table className={`a-plain ${styles.pickTable}`}>
        <thead>
          <tr>
            <th scope="col">{t('pick.check')}</th>
            <th scope="col">{t('pick.picture')}</th>
            <th scope="col">{t('pick.card')}</th>
            <th scope="col">{t('pick.quantity')}</th>
            <th scope="col">{t('pick.parcels')}</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((c) => (
            <tr key={`${c.model_number}|${c.name}`}>
              <td className={styles.check}>
                <span className={styles.box} aria-hidden="true" />
              </td>
              <td className={styles.picture}>
                {c.image_url ? <img src={c.image_url} alt="" width={48} height={67} loading="lazy" /> : null}
              </td>
              <td data-label={t('pick.card')} className={styles.cardName}>
                {c.name}
                <span className={styles.model}>{[c.rank, c.model_number].filter(Boolean).join(' · ') || '—'}</span>
              </td>
              <td data-label={t('pick.quantity')} className={styles.quantity}>
                {c.count}
              </td>
              <td data-label={t('pick.parcels')}>
                {c.parcels
                  .map((p) =>
                    p.count > 1
                      ? t('pick.parcelRefMany', { id: p.id, count: p.count })
                      : t('pick.parcelRef', { id: p.id }),
                  )
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
