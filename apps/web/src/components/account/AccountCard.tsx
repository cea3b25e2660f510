import type { ReactNode } from 'react';
import styles from './AccountForm.module.css';

/** The titled card of the account pages: a section labelled by its heading, an optional lead, then the rest. */
export function AccountCard({
  titleId,
  title,
  lead,
  role,
  children,
}: {
  titleId: string;
  title: ReactNode;
  lead?: ReactNode;
  role?: 'status';
  children: ReactNode;
}) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.card} role={role}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {lead !== undefined && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
