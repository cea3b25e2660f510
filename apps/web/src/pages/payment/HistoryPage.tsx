import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoinHistory, usePointHistory } from '../../api/payments';
import { HistoryTable, type HistoryRowView } from '../../components/payment/HistoryTable';
import { LoadState } from '../../components/payment/LoadState';
import styles from '../../components/payment/Payment.module.css';
import { PageTitle } from '../../components/ui/PageTitle';
import { Pager } from '../../components/ui/Pager';

function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('page', String(p));
      return next;
    });
  return [page, setPage] as const;
}

function HistoryView({
  ns,
  query,
  rows,
  setPage,
}: {
  ns: 'pointHistory' | 'coinHistory';
  query: ReturnType<typeof usePointHistory> | ReturnType<typeof useCoinHistory>;
  rows: HistoryRowView[];
  setPage: (p: number) => void;
}) {
  const { t } = useTranslation('payment');
  return (
    <section className={styles.page} aria-labelledby={`${ns}-title`}>
      <PageTitle
        id={`${ns}-title`}
        className={styles.title}
        subtitle={
          // Only the spec's English title (COIN HISTORY) has a subtitle; asking for the other's logged a missing string.
          ns === 'coinHistory' ? t('coinHistory.subtitle') : undefined
        }
      >
        {t(`${ns}.title`)}
      </PageTitle>
      {query.isPending || query.isError ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className={styles.card}>{t(`${ns}.empty`)}</p>
      ) : (
        <div className={styles.card}>
          <HistoryTable rows={rows} ns={ns} />
        </div>
      )}
      {query.data?.page && <Pager page={query.data.page} onPage={setPage} />}
    </section>
  );
}

/** /buy-point-history: point history (GET /api/user/point/list[/{page}]). */
export function BuyPointHistoryPage() {
  const [page, setPage] = usePageParam();
  const q = usePointHistory(page);
  const rows = (q.data?.list ?? []).map((r) => ({ ...r, bonus: r.bonusPoint }));
  return <HistoryView ns="pointHistory" query={q} rows={rows} setPage={setPage} />;
}

/** /coin-history: COIN HISTORY, paged from 1. */
export function CoinHistoryPage() {
  const [page, setPage] = usePageParam();
  const q = useCoinHistory(page);
  const rows = (q.data?.list ?? []).map((r) => ({ ...r, bonus: r.bonusCoin, money: undefined }));
  return <HistoryView ns="coinHistory" query={q} rows={rows} setPage={setPage} />;
}
