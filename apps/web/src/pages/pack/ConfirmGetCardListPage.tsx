import type { DrawnCard, PurchaseResult } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isOk } from '../../api/client';
import { useBuyResult, type DecisionResult } from '../../api/pack-purchase';
import { useHeaderSlot } from '../../hooks/use-header-slot';
import { useDecision } from '../../hooks/pack/use-decision';
import { useSkipShipping } from '../../hooks/pack/use-skip-shipping';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { parseId } from '../../lib/pack/query-params';
import { cardChoicePath } from '../../lib/pack/result-paths';
import { pendingCards } from './GetCardListPage';
import { MiniCards } from './MiniCards';
import { ShipHeader } from './ShipHeader';
import { ShipTerms } from './ShipTerms';
import styles from './CardListPages.module.css';
import page from './PackPages.module.css';
import { CheckBadge } from '../../components/pack/PackIcons';
import { num } from '../../lib/format/datetime';

/** The ids of selectedCardHistoryIds=1,2,3 (anything that is not a positive integer is dropped). */
export function parseIdList(raw: string | null): Set<number> {
  return new Set(
    (raw ?? '')
      .split(',')
      .filter((s) => /^\d{1,10}$/.test(s))
      .map(Number)
      .filter((n) => n > 0),
  );
}

/** /confirm-get-card-list?selectedCardHistoryIds&packId&purchaseId: the irreversible shipping decision. */
export function ConfirmGetCardListPage() {
  const [params] = useSearchParams();
  const { data, isPending } = useBuyResult(parseId(params.get('purchaseId')));
  if (isPending) return <LoadingOverlay />;
  const cards = pendingCards(data);
  if (!isOk(data) || cards.length === 0) return <Navigate to="/" replace />;
  return <ConfirmChoice result={data} cards={cards} selected={parseIdList(params.get('selectedCardHistoryIds'))} />;
}

function ConfirmChoice({
  result,
  cards,
  selected,
}: {
  result: PurchaseResult;
  cards: DrawnCard[];
  selected: Set<number>;
}) {
  const { t } = useTranslation('pack');
  const [done, setDone] = useState<{ ship: DrawnCard[]; points: number } | null>(null);
  const ship = cards.filter((c) => c.no_reduction === '1' || selected.has(c.history_id));
  const convert = cards.filter((c) => !ship.includes(c));
  const points = convert.reduce((s, c) => s + c.buy_point, 0);
  const decision = useDecision((r: DecisionResult) => setDone({ ship, points: r.returned_point ?? points }));
  const skip = useSkipShipping(cards, result.pack_id, result.card_type);
  useHeaderSlot(done ? { title: t('decide.doneTitle') } : { title: t('ship.headerTitle'), onSkip: skip.open });

  if (done) {
    return (
      <section className={`${page.page} ${page.narrow}`} aria-labelledby="done-title">
        <div className={`${page.panel} ${styles.success}`}>
          <CheckBadge />
          <h1 id="done-title" className={page.h1} tabIndex={-1} ref={(el) => el?.focus()}>
            {t('decide.doneTitle')}
          </h1>
          {done.points > 0 && (
            <>
              <p className={page.dim}>{t('decide.returned')}</p>
              <p className={styles.bigPoints}>{t('price.points', { amount: num(done.points) })}</p>
            </>
          )}
          {done.ship.length > 0 && <p>{t('decide.shipping', { count: done.ship.length })}</p>}
        </div>
        <div className={page.actions}>
          <Link className={page.secondary} to="/buy-product-history" data-testid="to-history">
            {t('decide.toHistory')}
          </Link>
          <Link className={page.primary} to={`/pack-detail?packId=${result.pack_id}`}>
            {t('decide.again')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={`${page.page} ${page.narrow}`} aria-labelledby="confirm-ship-title">
      <ShipHeader titleId="confirm-ship-title" />
      <div className={styles.groups}>
        <section className={page.panel} aria-labelledby="ship-list">
          <h2 id="ship-list" className={page.h2}>
            {t('decide.shipList', { count: ship.length })}
          </h2>
          <MiniCards cards={ship} empty={t('decide.noShip')} />
        </section>
        <section className={page.panel} aria-labelledby="convert-list">
          <h2 id="convert-list" className={page.h2}>
            {t('decide.convertList', { count: convert.length })}
          </h2>
          <MiniCards cards={convert} empty={t('decide.noConvert')} showPoints />
          <p className={styles.bigPoints} data-testid="confirm-returned">
            {t('decide.total', { amount: num(points) })}
          </p>
        </section>
      </div>
      {ship.length > 0 && <ShipTerms />}
      <p className={page.warn} role="note">
        {t('decide.irreversible')}
      </p>
      {decision.error && (
        <p className={page.alert} role="alert">
          {decision.error}
        </p>
      )}
      <div className={page.actions}>
        <Link className={page.secondary} to={cardChoicePath(result.purchase_id)}>
          {t('decide.back')}
        </Link>
        <button
          type="button"
          className={page.primary}
          disabled={decision.busy}
          onClick={() =>
            void decision.decide(
              ship.map((c) => c.history_id),
              convert.map((c) => c.history_id),
            )
          }
          data-testid="decide"
        >
          {t('decide.button')}
        </button>
      </div>
      {decision.addressModal}
      {skip.element}
    </section>
  );
}
