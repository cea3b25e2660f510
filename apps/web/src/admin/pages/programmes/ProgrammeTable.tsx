import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A name column keeps a readable width on phones (the table scrolls sideways instead of wrapping each letter). */
export const NAME_CELL = { minWidth: '11em' } as const;

/** A programme page's heading, what it is for, and the last action's outcome (announced). */
export function ProgrammeHead({ title, lead, notice }: { title: string; lead: string; notice: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="a-hint">{lead}</p>
      {notice ? (
        <p className="a-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** The plain settings table of the programme pages: a caption for screen readers, an actions column for writers. */
export function ProgrammeTable({
  caption,
  headers,
  withActions,
  empty,
  children,
}: {
  caption: string;
  headers: string[];
  withActions: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-programmes');
  return (
    <div className="a-card" style={{ padding: 0, overflowX: 'auto' }}>
      <table className="a-plain">
        <caption className="a-skip">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            {withActions ? (
              <th scope="col">
                <span className="a-skip">{t('actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? (
        <p className="a-hint" style={{ padding: 12 }}>
          {t('empty')}
        </p>
      ) : null}
    </div>
  );
}
