import { tokyoParts } from '@oripa/core';
import { toDate, type Lang } from './datetime';
import { MONTHS_EN, pad2, WEEKDAYS_EN, WEEKDAYS_JA } from './plain-format';

/*
 * Dates without their time, for the history lists and account pages (lazy pages, so apart from datetime.ts). The
 * point, coin and pack history lists show the spec's yy/mm/dd in both languages (historyDate; issue 19 reversed issue
 * 13's long date there, ADR 0026's addendum), with the full date beside it for hover and assistive technology.
 */

/** The date alone with its year: "2026年11月25日(水)" / "Wed, 25 Nov 2026". */
export function dateOnly(value: string | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return String(value);
  const p = tokyoParts(d);
  if (lang === 'ja') return `${p.year}年${p.month}月${p.day}日(${WEEKDAYS_JA[p.weekday]})`;
  return `${WEEKDAYS_EN[p.weekday]}, ${p.day} ${MONTHS_EN[p.month - 1]} ${p.year}`;
}

/**
 * A history list's date as the spec shows it, the same in both languages: "26/11/24" (year, month, day in Tokyo).
 * Shown with the full date (dateOnly) as its title, since "26/11/24" can read as a day first to English readers.
 */
export function historyDate(value: string | Date): string {
  const d = toDate(value);
  if (!d) return String(value);
  const p = tokyoParts(d);
  return `${pad2(p.year % 100)}/${pad2(p.month)}/${pad2(p.day)}`;
}
