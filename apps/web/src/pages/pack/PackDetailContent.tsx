import type { PackDetail } from '@oripa/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FairnessBox } from '../../components/pack/FairnessBox';
import { ImageCarousel } from '../../components/pack/ImageCarousel';
import { Lineup } from '../../components/pack/Lineup';
import { PriceTag } from '../../components/pack/PriceTag';
import { RankOdds } from '../../components/pack/RankOdds';
import { StockBar } from '../../components/pack/StockBar';
import { dateTime, langOf } from '../../lib/format/datetime';
import { rankLimitName } from '../../lib/pack/rank-name';
import styles from './PackDetailPage.module.css';
import page from './PackPages.module.css';

/**
 * What a pack page shows of a pack: pictures, name, badges, price, stock, `buy` (the draw buttons, or a preview's
 * note), the description, the lineup and the fairness box. Shared by the live page and staff's draft preview, so the
 * preview is the page members will see.
 */
export function PackDetailContent({
  pack,
  buy,
  fairness = true,
}: {
  pack: PackDetail;
  buy: ReactNode;
  fairness?: boolean;
}) {
  const { t, i18n } = useTranslation('pack');
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.visual}>
          <ImageCarousel
            images={pack.image.length ? pack.image : [pack.detail_eye_catch]}
            alt={pack.name}
            firstLoad="high"
          />
          {pack.pack_count <= 0 && (
            <div className={styles.soldOut} aria-hidden="true">
              <span>SOLD OUT</span>
            </div>
          )}
        </div>
        <div className={styles.buy}>
          <h1 className={`${page.h1} keep-words`}>{pack.name}</h1>
          <div className={styles.badges}>
            {pack.sms_only === '1' && <span className={styles.badge}>{t('badge.sms')}</span>}
            {pack.rank_limit > 0 && (
              <span className={styles.badge}>{t('badge.rank', { limit: rankLimitName(pack.rank_limit) })}</span>
            )}
          </div>
          <PriceTag amount={pack.point} method={pack.payment_method} perDraw />
          <StockBar remaining={pack.pack_count} total={pack.total_pack_count} />
          {buy}
          {pack.is_before === '1' && (
            <p className={page.dim}>
              {t('detail.startsAt', { date: dateTime(pack.start_date, langOf(i18n.language)) })}
            </p>
          )}
        </div>
      </div>
      {pack.detail && (
        <section className={page.panel} aria-labelledby="desc-title">
          <h2 id="desc-title" className={page.h2}>
            {t('detail.description')}
          </h2>
          <p className={styles.description}>{pack.detail}</p>
        </section>
      )}
      {pack.show_cardlist !== '0' && (
        <section aria-labelledby="lineup-title">
          <h2 id="lineup-title" className={page.h2}>
            {t('lineup.title')}
          </h2>
          <RankOdds lineup={pack.lineup} remaining={pack.remaining_by_rank} />
          <Lineup lineup={pack.lineup} remaining={pack.remaining_by_rank} lastOne={pack.last_one} />
        </section>
      )}
      {fairness && <FairnessBox pack={pack} />}
    </>
  );
}
