import { RANK_ORDER, type LineupCard, type Rank } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './RankOdds.module.css';
import { num } from '../../lib/format/datetime';
import { percent } from '../../lib/format/plain-format';

/** Per rank: tickets left, tickets in the pack, and the chance of the next draw landing on it (left / all left). */
export function rankOdds(lineup: Record<Rank, LineupCard[]>, remaining: Record<Rank, number>) {
  const allLeft = RANK_ORDER.reduce((s, r) => s + (remaining[r] ?? 0), 0);
  return RANK_ORDER.filter((r) => (lineup[r] ?? []).length > 0).map((rank) => {
    const total = lineup[rank].reduce((s, c) => s + c.set_count, 0);
    const left = remaining[rank] ?? 0;
    return { rank, left, total, chance: allLeft > 0 ? left / allLeft : 0 };
  });
}

/** The live odds table on pack detail (issue 13): remaining / total per rank and the next draw's chance. */
export function RankOdds({
  lineup,
  remaining,
}: {
  lineup: Record<Rank, LineupCard[]>;
  remaining: Record<Rank, number>;
}) {
  const { t } = useTranslation('pack');
  const rows = rankOdds(lineup, remaining);
  return (
    <table className={styles.table} data-testid="rank-odds">
      <caption className={styles.caption}>{t('odds.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('odds.rank')}</th>
          <th scope="col">{t('odds.left')}</th>
          <th scope="col">{t('odds.chance')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.rank}>
            <th scope="row">{t('lineup.rankTitle', { rank: r.rank })}</th>
            <td>{t('odds.leftOfTotal', { left: num(r.left), total: num(r.total) })}</td>
            <td>{percent(r.chance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
