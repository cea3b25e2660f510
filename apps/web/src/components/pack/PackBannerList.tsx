import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failed, usePackList } from '../../api/packs';
import { useDeferredReply } from '../../hooks/use-deferred-reply';
import { PackBanner } from './PackBanner';
import { PackGrid, PackGridSkeleton } from './PackGrid';
import styles from './PackGrid.module.css';
import { listImageLoad } from './ImageCarousel';

/** The top page's pack banners of one card type (GET /api/user/pack/list, filtered by card_type). */
export function PackBannerList({ cardType }: { cardType: number }) {
  const { t } = useTranslation('pack');
  const query = usePackList(cardType);
  const { data, isPending } = useDeferredReply(query);
  const { refetch } = query;
  if (isPending) return <PackGridSkeleton />;
  if (failed(data)) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('list.error')}</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  const list = data?.list ?? [];
  if (list.length === 0) return <p className={styles.state}>{t('list.empty')}</p>;
  return (
    <div data-card-type={cardType}>
      <PackGrid>
        {list.map((p, i) => (
          <PackBanner key={p.id} pack={p} onSaleStart={() => void refetch()} firstLoad={listImageLoad(i)} />
        ))}
      </PackGrid>
      <p className={styles.more}>
        <Link to={`/pack-list?index=${cardType}`}>{t('list.more')}</Link>
      </p>
    </div>
  );
}
