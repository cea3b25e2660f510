import type { PurchaseResult } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePackDetail } from '../../../api/packs';
import { drawAgainPath, drawTotals, type ResultSort } from '../../../lib/pack/result-summary';
import { HitShare } from './HitShare';
import styles from './Reveal.module.css';
import { num } from '../../../lib/format/datetime';

const SORTS: ResultSort[] = ['reveal', 'rarity', 'value'];

/**
 * Above the revealed cards: the value drawn against what the draw cost, and the sort of the grid. Placed first so
 * a phone shows it at once, not below ten cards and under the fixed continue button (issue 13).
 */
export function ResultSummary({
  result,
  sort,
  onSort,
}: {
  result: PurchaseResult;
  sort: ResultSort;
  onSort: (s: ResultSort) => void;
}) {
  const { t } = useTranslation('pack');
  const pack = usePackDetail(result.pack_id, 0).data?.detail;
  const coin = result.is_buy_coin === '1';
  const totals = drawTotals(result.cards, pack?.point);
  const amount = (n: number) => t(coin ? 'price.coins' : 'price.points', { amount: num(n) });
  return (
    <section className={styles.summary} aria-label={t('result.summaryLabel')}>
      <dl className={styles.totals}>
        <div>
          <dt>{t('result.value')}</dt>
          <dd data-testid="result-value">{t('price.points', { amount: num(totals.value) })}</dd>
        </div>
        {totals.spent !== undefined && (
          <div>
            <dt>{t('result.spent')}</dt>
            <dd data-testid="result-spent">{amount(totals.spent)}</dd>
          </div>
        )}
      </dl>
      <div className={styles.sorts} role="group" aria-label={t('result.sortLabel')}>
        {SORTS.map((s) => (
          <button key={s} type="button" aria-pressed={sort === s} onClick={() => onSort(s)}>
            {t(`result.sort.${s}`)}
          </button>
        ))}
      </div>
    </section>
  );
}

/** Under the revealed cards: 'draw again' with the same count, and sharing the best card. */
export function ResultActions({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation('pack');
  return (
    <div className={styles.actions}>
      <Link className={styles.again} to={drawAgainPath(result.pack_id, result.cards.length)} data-testid="draw-again">
        {t('result.drawAgain', { count: result.cards.length })}
      </Link>
      <HitShare result={result} />
    </div>
  );
}
