import type { HistoryShipment } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/use-format';
import { tokyoIso } from '../../lib/format/datetime';
import styles from './ShipmentTimeline.module.css';

/** The parcel of a purchase on the history detail: each status reached, with its time, and the carrier's tracking link. */
export function ShipmentTimeline({ shipment }: { shipment: HistoryShipment }) {
  const { t } = useTranslation('pack');
  const fmt = useFormat();
  const carrier = shipment.carrier ? t(`history.carrier.${shipment.carrier}`) : '';
  const last = shipment.timeline.length - 1;
  return (
    <section className={styles.box} aria-labelledby="shipment-title" data-testid="shipment-timeline">
      <h2 id="shipment-title" className={styles.title}>
        {t('history.shipmentTitle')}
      </h2>
      <ol className={styles.steps}>
        {shipment.timeline.map((step, i) => (
          <li key={step.status} className={styles.step} aria-current={i === last ? 'step' : undefined}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.label}>
              {t(`history.shipmentStatus.${step.status}`)}
              {i === last ? <span className={styles.sr}>（{t('history.current')}）</span> : null}
            </span>
            <time className={styles.time} dateTime={tokyoIso(step.at)}>
              {fmt.dateTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
      {shipment.status === 'held' ? <p className={styles.note}>{t('history.shipmentHeldNote')}</p> : null}
      {shipment.status === 'returned' ? <p className={styles.note}>{t('history.shipmentReturnedNote')}</p> : null}
      {shipment.tracking_url ? (
        <p className={styles.tracking}>
          <span>
            {carrier} {shipment.tracking_number}
          </span>
          <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('history.track', { carrier })}
          </a>
        </p>
      ) : null}
    </section>
  );
}
