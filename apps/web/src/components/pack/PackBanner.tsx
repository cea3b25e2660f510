import type { DrawCount, PackSummary } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DrawButtons } from './DrawButtons';
import { ImageCarousel, type FirstImageLoad } from './ImageCarousel';
import { PriceTag } from './PriceTag';
import { rankLimitName } from '../../lib/pack/rank-name';
import { StockBar } from './StockBar';
import styles from './PackBanner.module.css';

export const packDetailPath = (id: number, num?: DrawCount) =>
  `/pack-detail?packId=${id}${num !== undefined ? `&num=${num}` : ''}`;

/**
 * One pack: rotating images, name, price per draw, stock bar, badges and the draw buttons. A draw click opens the
 * pack page with num, which (for a member) runs the count check and the confirm there. Sold out: not clickable.
 */
export function PackBanner({
  pack,
  onSaleStart,
  firstLoad,
}: {
  pack: PackSummary;
  onSaleStart?: () => void;
  /** How its first picture loads: a list gives its first pack 'high' and the ones below the screen 'lazy'. */
  firstLoad?: FirstImageLoad;
}) {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const soldOut = pack.pack_count <= 0;
  const images = pack.image.length > 0 ? pack.image : [pack.detail_eye_catch].filter(Boolean);
  const visual = (
    <div className={styles.visual}>
      <ImageCarousel images={images} alt={pack.name} firstLoad={firstLoad} />
      <div className={styles.badges}>
        {pack.sms_only === '1' && <span className={`${styles.badge} ${styles.sms}`}>{t('badge.sms')}</span>}
        {pack.rank_limit > 0 && (
          <span className={`${styles.badge} ${styles.rank}`}>
            {t('badge.rank', { limit: rankLimitName(pack.rank_limit) })}
          </span>
        )}
        {pack.payment_method === '2' && <span className={`${styles.badge} ${styles.coin}`}>{t('badge.coin')}</span>}
      </div>
      {soldOut && (
        <div className={styles.soldOut} aria-hidden="true">
          <span>SOLD OUT</span>
        </div>
      )}
    </div>
  );
  return (
    <article
      className={`${styles.banner} ${soldOut ? styles.isSoldOut : ''}`}
      aria-labelledby={`pack-${pack.id}-name`}
      data-testid="pack-banner"
    >
      {soldOut ? (
        visual
      ) : (
        <Link to={packDetailPath(pack.id)} className={styles.visualLink} tabIndex={-1} aria-hidden="true">
          {visual}
        </Link>
      )}
      <div className={styles.body}>
        <h2 id={`pack-${pack.id}-name`} className={`${styles.name} keep-words`}>
          {soldOut ? (
            <>
              {pack.name} <span className="visually-hidden">{t('soldOut')}</span>
            </>
          ) : (
            <Link to={packDetailPath(pack.id)}>{pack.name}</Link>
          )}
        </h2>
        <div className={styles.meta}>
          <PriceTag amount={pack.point} method={pack.payment_method} perDraw />
        </div>
        <StockBar remaining={pack.pack_count} total={pack.total_pack_count} />
        <DrawButtons pack={pack} onDraw={(n) => navigate(packDetailPath(pack.id, n))} onSaleStart={onSaleStart} />
        {soldOut && (
          <Link className={styles.verify} to={`/fairness?packId=${pack.id}`}>
            {t('fairness.verifyLink')}
          </Link>
        )}
      </div>
    </article>
  );
}
