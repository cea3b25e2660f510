import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHistoryLink, packHistoryTarget } from '../../lib/payment/history-rules';
import { HistoryDate } from '../ui/HistoryDate';
import styles from './Payment.module.css';
import { num } from '../../lib/format/datetime';

export interface HistoryRowView {
  id: number;
  bonus: number;
  created: string;
  memo: string;
  history_id: number;
  status: string;
  /** Yen paid (point purchases); shown only in the point history. */
  money?: number;
}

/**
 * A point or coin history table (spec section 3): yy/mm/dd dates in Tokyo, signed amounts, pack-spend rows are links. On a
 * phone each row becomes a small card (date and amount on one line, the content under them); the explicit roles
 * keep it a table for screen readers whatever CSS display the cells get.
 */
export function HistoryTable({ rows, ns }: { rows: HistoryRowView[]; ns: 'pointHistory' | 'coinHistory' }) {
  const { t } = useTranslation('payment');
  return (
    <table className={`${styles.table} ${styles.historyTable}`} role="table">
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            {t(`${ns}.date`)}
          </th>
          <th scope="col" role="columnheader">
            {t(`${ns}.content`)}
          </th>
          <th scope="col" role="columnheader" className={styles.num}>
            {t(ns === 'pointHistory' ? 'pointHistory.points' : 'coinHistory.coins')}
          </th>
          {ns === 'pointHistory' && (
            <th scope="col" role="columnheader" className={styles.num}>
              {t('pointHistory.money')}
            </th>
          )}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((r) => (
          <tr key={r.id} role="row">
            <td role="cell" className={styles.date}>
              <HistoryDate value={r.created} />
            </td>
            <td role="cell" className={styles.memo}>
              {isHistoryLink(r.bonus, r.history_id) ? (
                <Link
                  className={styles.linkRow}
                  to={packHistoryTarget(r.status, r.history_id)}
                  aria-label={t(`${ns}.open`, { memo: r.memo })}
                >
                  {r.memo}
                </Link>
              ) : (
                r.memo
              )}
            </td>
            <td role="cell" className={`${styles.num} ${r.bonus > 0 ? styles.plus : r.bonus < 0 ? styles.minus : ''}`}>
              {r.bonus > 0 ? '+' : ''}
              {num(r.bonus)}
            </td>
            {ns === 'pointHistory' && (
              <td role="cell" className={`${styles.num} ${styles.money}`} data-label={t('pointHistory.money')}>
                {r.money ? t('yen', { value: num(r.money) }) : '—'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
