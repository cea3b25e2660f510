import { Busy, skeleton } from '../../components/ui/Skeleton';
import styles from './PackDetailPage.module.css';
import page from './PackPages.module.css';

/** Pack detail while its data loads: the art and the buy box where they will be, in the page's own grid. */
export function PackDetailSkeleton() {
  return (
    <Busy className={page.page}>
      <div className={styles.hero} aria-hidden="true">
        <div className={skeleton.visual} />
        <div className={styles.buy}>
          <div className={skeleton.heading} />
          <div className={skeleton.line} />
          <div className={skeleton.line} />
          <div className={skeleton.button} />
        </div>
      </div>
      <div className={skeleton.panel} aria-hidden="true" />
    </Busy>
  );
}
