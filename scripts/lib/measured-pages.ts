/**
 * The five storefront pages issue 24 holds to its speed goals (Lighthouse, long tasks, the evaluated-JavaScript
 * budget): three a guest opens and two a signed-in member opens. One list, so every measuring tool covers the same.
 */
export interface MeasuredPage {
  /** Path and query as a visitor opens it. */
  path: string;
  /** Opened by the demo member, signed in (the page sends a guest to /login). */
  member: boolean;
}

export const MEASURED_PAGES: readonly MeasuredPage[] = [
  { path: '/', member: false },
  { path: '/pack-detail?packId=1', member: false },
  { path: '/pack-list?index=1', member: false },
  { path: '/my-page', member: true },
  { path: '/buy-point', member: true },
];

/** The pages a `--page` option chose (all without one); an unknown path is an error naming the known ones. */
export function chosenPages(only: string | undefined): readonly MeasuredPage[] {
  if (!only) return MEASURED_PAGES;
  const page = MEASURED_PAGES.find((p) => p.path === only);
  if (!page) throw new Error(`--page must be one of ${MEASURED_PAGES.map((p) => p.path).join(', ')}`);
  return [page];
}

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
