import { rankDefinition, rankGaugePercent } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUserReply } from '../../../api/account';
import styles from './SideMenu.module.css';

/** The member's rank: its name in its colour and the gauge to the next rank (spec section 5, Rank gauge). */
export function RankArea({ user }: { user: CurrentUserReply }) {
  const { t, i18n } = useTranslation('layout');
  const def = rankDefinition(Number(user.rank ?? 1));
  const name = user.rank_name || (i18n.language === 'en' ? def.nameEn : def.nameJa);
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
        <span className={styles.rankGem} style={{ ['--rank-color' as string]: color }} aria-hidden="true" />
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
    </section>
  );
}
