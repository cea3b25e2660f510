import type { DrawnCard, PurchaseResult } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePackDetail } from '../../../api/packs';
import { bestCard, drawAgainPath, drawTotals, shareLinks, type ResultSort } from '../../../lib/pack/result-summary';
import styles from './Reveal.module.css';

const SORTS: ResultSort[] = ['reveal', 'rarity', 'value'];

/**
 * Under the revealed cards: the value drawn against what the draw cost, the sort of the grid, 'draw again' with the
 * same count, and sharing the best card (Web Share API where present, X and LINE links always).
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
  const amount = (n: number) => t(coin ? 'price.coins' : 'price.points', { amount: n.toLocaleString('ja-JP') });
  const best: DrawnCard | undefined = bestCard(result.cards);
  const url = `${window.location.origin}/pack-detail?packId=${result.pack_id}`;
  const text = best ? t('result.shareText', { card: best.name, rank: best.rank, pack: result.title }) : result.title;
  const links = shareLinks(text, url);
  const canShare = typeof navigator.share === 'function';
  return (
    <section className={styles.summary} aria-label={t('result.summaryLabel')}>
      <dl className={styles.totals}>
        <div>
          <dt>{t('result.value')}</dt>
          <dd data-testid="result-value">{t('price.points', { amount: totals.value.toLocaleString('ja-JP') })}</dd>
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
      <div className={styles.shares}>
        {canShare && (
          <button
            type="button"
            onClick={() => void navigator.share({ title: result.title, text, url }).catch(() => undefined)}
          >
            {t('result.share')}
          </button>
        )}
        <a href={links.x} target="_blank" rel="noopener noreferrer">
          {t('result.shareX')}
        </a>
        <a href={links.line} target="_blank" rel="noopener noreferrer">
          {t('result.shareLine')}
        </a>
        <Link to={drawAgainPath(result.pack_id, result.cards.length)} data-testid="draw-again">
          {t('result.drawAgain', { count: result.cards.length })}
        </Link>
      </div>
    </section>
  );
}
