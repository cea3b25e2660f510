import type { DrawnCard, PurchaseResult } from '@oripa/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isOk } from '../../api/client';
import { useBuyResult } from '../../api/pack-purchase';
import { CardChoice } from '../../components/pack/CardChoice';
import { useSkipShipping } from '../../hooks/pack/use-skip-shipping';
import { useFormat } from '../../hooks/use-format';
import { useHeaderSlot } from '../../hooks/use-header-slot';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { parseId } from '../../lib/pack/query-params';
import { ShipHeader } from './ShipHeader';
import styles from './CardListPages.module.css';
import page from './PackPages.module.css';
import { num } from '../../lib/format/datetime';

/** Points returned for the cards that are not shipped (no_reduction cards always ship). */
export function returnedPoints(cards: DrawnCard[], selected: ReadonlySet<number>): number {
  return cards
    .filter((c) => c.no_reduction !== '1' && !selected.has(c.history_id))
    .reduce((sum, c) => sum + c.buy_point, 0);
}

/** The cards still waiting for a choice; no cards → top page. */
export const pendingCards = (r: Partial<PurchaseResult> | undefined) =>
  (r?.cards ?? []).filter((c) => c.status === undefined || c.status === 'pending');

/** /get-card-list?purchaseId: choose which won cards of that purchase (or the latest open one) to ship. */
export function GetCardListPage() {
  const [params] = useSearchParams();
  const { data, isPending } = useBuyResult(parseId(params.get('purchaseId')));
  if (isPending) return <LoadingOverlay />;
  const cards = pendingCards(data);
  if (!isOk(data) || cards.length === 0) return <Navigate to="/" replace />;
  return <CardList result={data} cards={cards} />;
}

function CardList({ result, cards }: { result: PurchaseResult; cards: DrawnCard[] }) {
  const { t } = useTranslation('pack');
  const fmt = useFormat();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(cards.filter((c) => c.no_reduction === '1').map((c) => c.history_id)),
  );
  const skip = useSkipShipping(cards, result.pack_id, result.card_type);
  useHeaderSlot({ title: t('ship.headerTitle'), onSkip: skip.open });
  const points = useMemo(() => returnedPoints(cards, selected), [cards, selected]);
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setAll = (ship: boolean) =>
    setSelected(new Set(cards.filter((c) => ship || c.no_reduction === '1').map((c) => c.history_id)));
  const shipCount = cards.filter((c) => selected.has(c.history_id) || c.no_reduction === '1').length;
  const goConfirm = () => {
    const ids = cards.filter((c) => selected.has(c.history_id) || c.no_reduction === '1').map((c) => c.history_id);
    navigate(
      `/confirm-get-card-list?selectedCardHistoryIds=${ids.join(',')}&packId=${result.pack_id}&purchaseId=${result.purchase_id}`,
    );
  };
  return (
    <section className={`${page.page} ${page.narrow}`} aria-labelledby="ship-title">
      <ShipHeader titleId="ship-title" />
      <p className={page.dim}>
        {result.title} ・ {t('choice.count', { count: cards.length })}
      </p>
      <p className={page.warn}>
        {t('choice.deadline', { date: fmt.dateTime(result.decide_by), relative: fmt.relative(result.decide_by) })}
      </p>
      <div className={styles.bulk}>
        <button type="button" className={styles.link} onClick={() => setAll(true)}>
          {t('choice.selectAll')}
        </button>
        <button type="button" className={styles.link} onClick={() => setAll(false)}>
          {t('choice.clearAll')}
        </button>
      </div>
      <ul className={styles.list}>
        {cards.map((c) => (
          <CardChoice key={c.history_id} card={c} selected={selected.has(c.history_id)} onToggle={toggle} />
        ))}
      </ul>
      <div className={styles.sticky}>
        <dl className={styles.totals} aria-live="polite">
          <dt>{t('choice.shipCount')}</dt>
          <dd data-testid="ship-count">{t('choice.cards', { count: shipCount })}</dd>
          <dt>{t('choice.returned')}</dt>
          <dd data-testid="returned-points">{t('price.points', { amount: num(points) })}</dd>
        </dl>
        <button type="button" className={page.primary} onClick={goConfirm} data-testid="to-confirm">
          {t('choice.next')}
        </button>
      </div>
      {skip.element}
    </section>
  );
}
