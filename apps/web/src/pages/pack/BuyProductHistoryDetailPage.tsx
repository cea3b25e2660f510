import type { ShipmentStatus } from '@oripa/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { failed, useHistoryDetail } from '../../api/packs';
import { parseId } from '../../lib/pack/query-params';
import { CopyButton } from '../../components/ui/CopyButton';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { PageTitle } from '../../components/ui/PageTitle';
import { useFormat } from '../../hooks/use-format';
import { ShipmentTimeline } from '../../components/pack/ShipmentTimeline';
import { ExchangedCard } from './ExchangedCard';
import { MiniCards } from './MiniCards';
import styles from './HistoryPages.module.css';
import page from './PackPages.module.css';
import { num } from '../../lib/format/datetime';

/**
 * The shipped list's heading follows the parcel (issue 24): "発送したカード" only once it left; before that the cards
 * are "to be shipped" with the parcel's status (no parcel yet reads as being prepared).
 */
function shippedHeading(t: TFunction<'pack'>, count: number, status: ShipmentStatus | undefined) {
  if (status === 'shipped') return t('history.shippedCards', { count });
  if (count === 0) return t('history.toShipCardsNone');
  return t('history.toShipCards', { count, status: t(`history.shipmentStatus.${status ?? 'preparing'}`) });
}

/**
 * /buy-product-history-detail?packHistoryId: the SHIPPED page of one decided purchase; ?exchangeId: the same page
 * for a card taken from the exchange (its card, its decision and its parcel).
 */
export function BuyProductHistoryDetailPage() {
  const { t } = useTranslation('pack');
  const fmt = useFormat();
  const [params] = useSearchParams();
  const exchangeId = parseId(params.get('exchangeId'));
  const id = exchangeId ?? parseId(params.get('packHistoryId'));
  const { data, isPending } = useHistoryDetail(id, exchangeId === null ? 'pack' : 'exchange');
  if (id === null) return <Navigate to="/buy-product-history" replace />;
  if (isPending) return <LoadingOverlay />;
  const d = data?.detail;
  return (
    <section className={`${page.page} ${page.narrow}`} aria-labelledby="shipped-title">
      <PageTitle
        id="shipped-title"
        className={`${page.h1} ${styles.shipped}`}
        subtitle={t('history.shippedSubtitle')}
        center
      >
        SHIPPED
      </PageTitle>
      {failed(data) || !d ? (
        <p className={page.alert} role="alert">
          {data?.state === 404 ? t('history.notFound') : t('history.error')}
        </p>
      ) : (
        <>
          <dl className={`${page.panel} ${styles.facts}`}>
            <dt>{d.exchange_card ? t('history.exchangeCard') : t('history.packName')}</dt>
            <dd className="keep-words">{d.pack_name}</dd>
            <dt>{d.exchange_card ? t('history.exchangeDate') : t('history.date')}</dt>
            <dd>{fmt.dateOnly(d.created)}</dd>
            {d.delivery_code && (
              <>
                <dt>{t('history.deliveryCode')}</dt>
                <dd>
                  <span data-testid="delivery-code">{d.delivery_code}</span>
                  <CopyButton text={d.delivery_code} what={t('history.deliveryCode')} />
                </dd>
              </>
            )}
          </dl>
          {d.shipment ? <ShipmentTimeline shipment={d.shipment} /> : null}
          {d.exchange_card ? (
            <ExchangedCard card={d.exchange_card} converted={d.reduction_card > 0} point={d.reduction_point} />
          ) : (
            <>
              <section className={page.panel} aria-labelledby="shipped-cards">
                <h2 id="shipped-cards" className={page.h2}>
                  {shippedHeading(t, d.shipped_cards.length, d.shipment?.status)}
                </h2>
                <MiniCards cards={d.shipped_cards} empty={t('history.noShipped')} />
              </section>
              <section className={page.panel} aria-labelledby="converted-cards">
                <h2 id="converted-cards" className={page.h2}>
                  {t('history.convertedCards', { count: d.converted_cards.length })}
                </h2>
                <MiniCards cards={d.converted_cards} empty={t('history.noConverted')} showPoints />
              </section>
              <p className={styles.total}>
                <span>{t('history.totalReturned')}</span>
                <strong data-testid="total-returned">{t('price.points', { amount: num(d.reduction_point) })}</strong>
              </p>
            </>
          )}
        </>
      )}
      <div className={page.actions}>
        <Link className={page.secondary} to="/buy-product-history">
          {t('history.back')}
        </Link>
      </div>
    </section>
  );
}
