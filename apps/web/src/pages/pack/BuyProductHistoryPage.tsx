import type { PackHistoryRow } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { failed, useHistoryList } from '../../api/packs';
import { parseId } from '../../lib/pack/query-params';
import { exchangeHistoryPath, packHistoryPath } from '../../lib/pack/result-paths';
import { Pager } from '../../components/ui/Pager';
import { HistoryDate } from '../../components/ui/HistoryDate';
import styles from './HistoryPages.module.css';
import page from './PackPages.module.css';
import { num } from '../../lib/format/datetime';

const MODES = ['0', '1', '2'] as const;

/**
 * Where a history row leads: decided ('1') → its detail, otherwise that purchase's card choice (spec section 4);
 * an exchanged card's row leads to its own detail or to the exchange page where it waits for a decision.
 */
export const historyTarget = (row: Pick<PackHistoryRow, 'id' | 'status' | 'kind'>) =>
  row.kind === 'exchange' ? exchangeHistoryPath(row.status, row.id) : packHistoryPath(row.status, row.id);

/** /buy-product-history: pack purchases with a filter (mode '0' all, '1' decided, '2' to choose) and a pager. */
export function BuyProductHistoryPage() {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const modeParam = params.get('mode');
  const mode = MODES.find((m) => m === modeParam) ?? '0';
  const current = parseId(params.get('page')) ?? 1;
  const { data, isPending, refetch } = useHistoryList(mode, current);
  const list = data?.list ?? [];
  return (
    <section className={`${page.page} ${page.narrow}`} aria-labelledby="history-title">
      <h1 id="history-title" className={page.h1}>
        {t('history.title')}
      </h1>
      <div className={styles.filter}>
        <label htmlFor="history-mode">{t('history.filter')}</label>
        <select id="history-mode" value={mode} onChange={(e) => setParams({ mode: e.target.value, page: '1' })}>
          {MODES.map((m) => (
            <option key={m} value={m}>
              {t(`history.mode${m}`)}
            </option>
          ))}
        </select>
      </div>
      {isPending ? (
        <div className={page.skeleton} role="status" aria-busy="true" />
      ) : failed(data) ? (
        <div className={page.center} role="alert">
          <p>{t('history.error')}</p>
          <button type="button" className={page.secondary} onClick={() => void refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className={`${page.panel} ${page.center}`}>{t('history.empty')}</p>
      ) : (
        <>
          <ul className={styles.rows}>
            {list.map((row) => (
              <li key={`${row.kind}-${row.id}`}>
                <button type="button" className={styles.row} onClick={() => navigate(historyTarget(row))}>
                  <HistoryDate className={styles.date} value={row.created} />
                  <span className={`${styles.name} keep-words`}>
                    {row.kind === 'exchange' && <span className={styles.kind}>{t('history.exchangeLabel')}</span>}
                    {row.pack_name}
                  </span>
                  <span className={styles.sub}>
                    {t('price.points', { amount: num(row.point) })}
                    {row.status === '1' &&
                      ` ・ ${t('history.summary', { ship: row.send_card, convert: row.reduction_card })}`}
                  </span>
                  <span className={row.status === '1' ? styles.done : styles.todo}>
                    {row.status === '1'
                      ? row.send_state || t('history.decided')
                      : t(row.kind === 'exchange' ? 'history.exchangeChoose' : 'history.choose')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {data?.page && <Pager page={data.page} onPage={(p) => setParams({ mode, page: String(p) })} />}
        </>
      )}
    </section>
  );
}
