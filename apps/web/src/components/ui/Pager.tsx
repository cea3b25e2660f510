import type { PageObject } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './Pager.module.css';

/** The spec's pager: first, previous, the page numbers of the page object, next, last. */
export function Pager({ page, onPage }: { page: PageObject; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  if (page.all_page <= 1) return null;
  const atFirst = page.page <= 1;
  const atLast = page.page >= page.all_page;
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      <button type="button" onClick={() => onPage(1)} disabled={atFirst} aria-label={t('pager.first')}>
        «
      </button>
      <button type="button" onClick={() => onPage(page.page - 1)} disabled={atFirst} aria-label={t('pager.prev')}>
        ‹
      </button>
      {page.pages.map((p) => (
        <button
          type="button"
          key={p}
          onClick={() => onPage(p)}
          aria-current={p === page.page ? 'page' : undefined}
          aria-label={t('pager.page', { page: p })}
          className={p === page.page ? styles.current : undefined}
        >
          {p}
        </button>
      ))}
      <button type="button" onClick={() => onPage(page.page + 1)} disabled={atLast} aria-label={t('pager.next')}>
        ›
      </button>
      <button type="button" onClick={() => onPage(page.all_page)} disabled={atLast} aria-label={t('pager.last')}>
        »
      </button>
    </nav>
  );
}
