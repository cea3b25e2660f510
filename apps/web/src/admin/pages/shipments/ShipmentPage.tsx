import { shipmentMoves, takesTrackingNumber, type ShipmentStatus } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isOk, type ApiReply } from '../../../api/client';
import { fetchShipment, moveShipments, setTrackingNumber } from '../../api/fulfilment';
import { lineKey, lineOrigin, lineTicket } from './line-origin';
import { StatusBadge } from './StatusBadge';
import { TrackingEntry } from './TrackingEntry';
import styles from './Shipments.module.css';
import { zip } from './zip';

const errorsOf = (reply: ApiReply) => Object.values(reply.errors ?? {}).flat();

/** /admin/shipments/:id: one parcel, its cards and history, single tracking entry and its moves. */
export function ShipmentPage() {
  const { t } = useTranslation('admin-fulfilment');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'shipment', id], queryFn: () => fetchShipment(id) });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'danger'; text: string } | null>(null);
  const data = isOk(q.data) ? q.data : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const report = async (reply: ApiReply, ok: string) => {
    setNotice(isOk(reply) ? { tone: 'ok', text: ok } : { tone: 'danger', text: errorsOf(reply).join(' ') });
    await refresh();
    return isOk(reply);
  };

  if (q.isPending) return <p className="a-loading">{t('admin-common:loading')}</p>;
  if (!data) return <p className="a-alert">{errorsOf(q.data ?? { state: 500 }).join(' ')}</p>;
  const s = data.shipment;
  const move = async (to: ShipmentStatus) =>
    report(await moveShipments([s.id], to), t('moved', { count: 1, status: t(`status.${to}`) }));

  return (
    <>
      <p className={styles.noPrint}>
        <Link to="/admin/shipments">{t('detail.back')}</Link>
      </p>
      <h1>
        {t('detailTitle', { id: s.id })} <StatusBadge status={s.status} />
      </h1>
      {notice ? (
        <p className={notice.tone === 'ok' ? 'a-notice' : 'a-alert'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <div className={styles.columns}>
        <section className="a-card">
          <dl className="a-dl">
            <dt>{t('columns.recipient')}</dt>
            <dd>{s.recipient}</dd>
            <dt>{t('detail.zipcode')}</dt>
            <dd>〒{zip(s.zipcode)}</dd>
            <dt>{t('columns.address')}</dt>
            <dd>
              {s.address} {s.building}
            </dd>
            <dt>{t('detail.tel')}</dt>
            <dd>{s.tel}</dd>
            <dt>{t('detail.member')}</dt>
            <dd>
              <Link to={`/admin/members/${s.member_id}`}>{s.member_id}</Link>
            </dd>
            <dt>{t('columns.tracking')}</dt>
            <dd>
              {s.tracking_number ? (
                <>
                  {t(`carrier.${s.carrier}`)} {s.tracking_number}{' '}
                  {s.tracking_url ? (
                    <a href={s.tracking_url} target="_blank" rel="noreferrer">
                      {t('detail.track')}
                    </a>
                  ) : null}
                </>
              ) : (
                '—'
              )}
            </dd>
          </dl>
          <div className="a-row" role="group" aria-label={t('detail.actions')}>
            {shipmentMoves(s.status).map((to) => (
              <button
                key={to}
                type="button"
                onClick={() => move(to)}
                className={to === 'shipped' ? 'a-primary' : undefined}
              >
                {t(`move.${to}`)}
              </button>
            ))}
            <Link to={`/admin/shipments/pick-list?ids=${s.id}`}>{t('pick.open')}</Link>
          </div>
        </section>
        {takesTrackingNumber(s.status) ? (
          <TrackingEntry
            key={`${s.carrier}-${s.tracking_number}`}
            initialCarrier={s.carrier ?? 'yamato'}
            initialNumber={s.tracking_number}
            canShip={s.status === 'packed'}
            send={(carrier, number, ship) =>
              ship
                ? moveShipments([s.id], 'shipped', { carrier, tracking_number: number })
                : setTrackingNumber(s.id, carrier, number)
            }
            onDone={async (ship) => {
              setNotice({
                tone: 'ok',
                text: ship ? t('moved', { count: 1, status: t('status.shipped') }) : t('entry.saved'),
              });
              await refresh();
            }}
          />
        ) : null}
      </div>
      <section className="a-card" aria-labelledby="cards-h">
        <h2 id="cards-h">
          {t('detail.cards')} ({s.lines.length})
        </h2>
        <ul className={styles.cards}>
          {s.lines.map((l) => (
            <li key={lineKey(l)}>
              {l.rank ? `[${l.rank}] ` : ''}
              {l.name} {l.model_number ? `(${l.model_number})` : ''} — {lineOrigin(l, t)}{' '}
              {l.ticket_no === null ? '' : lineTicket(l)}
            </li>
          ))}
        </ul>
      </section>
      <section className="a-card" aria-labelledby="history-h">
        <h2 id="history-h">{t('detail.history')}</h2>
        <ol className={styles.timeline}>
          {data.events.map((e, i) => (
            <li key={i}>
              <span>{e.created_at}</span>
              <StatusBadge status={e.to_status} />
              <span>{e.staff_id ? t('detail.staff', { id: e.staff_id }) : t('detail.member_decision')}</span>
              {e.tracking_number ? (
                <span>
                  {t(`carrier.${e.carrier}`)} {e.tracking_number}
                </span>
              ) : null}
              {e.note ? <span>{e.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
