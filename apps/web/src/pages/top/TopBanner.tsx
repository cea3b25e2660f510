import { useBanners } from '../../api/site';
import { BannerCarousel } from './BannerCarousel';
import styles from './BannerCarousel.module.css';

/** The carousel only when the shop switched banner mode to '1'; nothing at all otherwise (or on an error). */
export function TopBanner() {
  const { data, isPending } = useBanners();
  if (isPending) return <div className={styles.skeleton} aria-hidden="true" />;
  if (data?.state !== 200 || data.mode !== '1' || !data.list?.length) return null;
  return <BannerCarousel banners={data.list} />;
}
