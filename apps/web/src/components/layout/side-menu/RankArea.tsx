import { rankDefinition, rankGaugePercent } from '@oripa/core';
import { rankName } from '../../../lib/pack/rank-name';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUserReply } from '../../../api/account';
import { rankImage } from '../../../lib/programmes/rank-image';
import styles from './SideMenu.module.css';

/**
 * The member's rank: its image, its name in its colour, the gauge to the next rank (spec section 5, Rank gauge) and
 * the monthly maintenance (spec section 4: the maintain button only when is_rank_maintained).
 */
export function RankArea({ user, onMaintain }: { user: CurrentUserReply; onMaintain?: () => void }) {
  const { t } = useTranslation('layout');
  const nextRank = rankDefinition(Number(user.next_month_rank || user.rank || 1));
  const nextName = rankName(nextRank.rank);
  const def = rankDefinition(Number(user.rank ?? 1));
  const name = user.rank_name || rankName(def.rank);
  const color = user.rank_color || def.color;
  const totalBuy = Number(user.total_buy ?? 0);
  const rankUpCount = Number(user.rank_up_count ?? 0);
  const top = rankUpCount <= 0;
  const percent = top ? 100 : rankGaugePercent(totalBuy, rankUpCount);
  return (
    <section className={styles.section} aria-labelledby="side-menu-rank">
      <h3 id="side-menu-rank" className={styles.sectionTitle}>
        {t('menu.rank.title')}
      </h3>
      <div className={styles.rank}>
        <img src={rankImage(def.rank)} alt="" width={32} height={32} data-testid="rank-image" />
        <span className={styles.rankName} style={{ color }}>
          {name}
        </span>
      </div>
      <div
        className={styles.gauge}
        role="progressbar"
        aria-label={t('menu.rank.gaugeLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className={styles.gaugeFill} style={{ width: `${percent}%`, ['--rank-color' as string]: color }} />
      </div>
      <p className={styles.note}>{top ? t('menu.rank.top') : t('menu.rank.progress', { percent })}</p>
      {def.rank >= 7 && (
        <p className={styles.note}>
          <Link to="/rank-reward">{t('menu.rank.reward')}</Link>
        </p>
      )}
      {user.is_rank_maintained ? (
        <>
          <p className={styles.note}>{t('menu.rank.maintainNote', { rank: nextName })}</p>
          <button type="button" className={styles.primaryButton} onClick={onMaintain}>
            {t('menu.rank.maintain')}
          </button>
        </>
      ) : (
        user.is_maintained && def.rank > 1 && <p className={styles.note}>{t('menu.rank.maintainedNote')}</p>
      )}
    </section>
  );
}
