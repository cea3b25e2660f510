import type { ReactNode } from 'react';
import styles from './PageTitle.module.css';

/**
 * A page's h1 with an optional subtitle under it, e.g. the spec's English titles (COIN HISTORY, SHIPPED,
 * TRANSFER POINT) with what they mean in the page's language. The subtitle is not part of the heading's name.
 */
export function PageTitle({
  id,
  className,
  subtitle,
  center,
  children,
}: {
  id?: string;
  className?: string;
  subtitle?: string;
  center?: boolean;
  children: ReactNode;
}) {
  return (
    <hgroup className={`${styles.group} ${center ? styles.center : ''}`}>
      <h1 id={id} className={className}>
        {children}
      </h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </hgroup>
  );
}
