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

/**
 * Parses a `[/{page}]` path segment or a `page` field: absent → 1; a whole number 1..999999 → that page;
 * anything else (0, -1, 1.5, text) → null, which the server refuses with a 400 naming `page`.
 */
export function parsePage(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return 1;
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= 999_999 ? raw : null;
  return typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
