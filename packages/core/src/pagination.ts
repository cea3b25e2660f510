/** The spec's page object: {page, all_page, pages}; `pages` are the numbers the pager shows around `page`. */
export interface PageObject {
  page: number;
  all_page: number;
  pages: number[];
}

export function pageObject(page: number, total: number, perPage: number, window = 5): PageObject {
  const allPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), allPage);
  const half = Math.floor(window / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(allPage, start + window - 1);
  start = Math.max(1, end - window + 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return { page: current, all_page: allPage, pages };
}

/** Parses a `[/{page}]` path segment: a positive integer, anything else is page 1. */
export function parsePage(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
