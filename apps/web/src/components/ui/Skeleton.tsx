import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Skeleton.module.css';

/** The accessible part every placeholder shares (page skeletons elsewhere use it with `skeleton` shapes): one status announcement, the shapes themselves hidden. */
export function Busy({ className, children }: { className: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {children}
    </div>
  );
}

/**
 * A page still loading (its code or its member check): a heading and a few panels in the page column instead of
 * the full-screen spinner, which covered the header and shifted the layout when the page came.
 */
export function PageSkeleton() {
  return (
    <Busy className={styles.page}>
      <div className={styles.heading} aria-hidden="true" />
      <div className={styles.line} aria-hidden="true" />
      <div className={styles.panel} aria-hidden="true" />
      <div className={styles.panel} aria-hidden="true" />
    </Busy>
  );
}

/** The placeholder shapes, for a page-specific skeleton laid out with its own page styles. */
export const skeleton = styles;
