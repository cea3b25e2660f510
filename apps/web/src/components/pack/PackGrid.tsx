import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PackGrid.module.css';

export function PackGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** Placeholder cards while the list loads, so the page does not jump. */
export function PackGridSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.grid} role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeleton} aria-hidden="true" />
      ))}
    </div>
  );
}
