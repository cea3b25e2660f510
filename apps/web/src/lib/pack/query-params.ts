import { parseDrawCount, type DrawCount } from '@oripa/core';

/** A positive integer id from the query string, or null. */
export function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** num from the query: 'all' or a count 1..3000. */
export function parseNum(raw: string | null): DrawCount | null {
  if (raw === null) return null;
  return parseDrawCount(raw === 'all' ? 'all' : /^\d{1,4}$/.test(raw) ? Number(raw) : raw);
}
