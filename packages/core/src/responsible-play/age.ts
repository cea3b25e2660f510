import { tokyoMonth } from '../time.ts';

/**
 * Age from a birth month (issue 19 §2, ADR 0036). The shop asks the year and month only, never the day, so the
 * birthday is taken as the LAST day of the birth month: a member is never treated as older than they may be. All
 * dates are read in the shop's month and day, Asia/Tokyo.
 */

export interface YearMonth {
  year: number;
  /** 1-12. */
  month: number;
}

/** The Tokyo year and month of an instant. */
export function tokyoYearMonth(at: Date): YearMonth {
  const [year, month] = tokyoMonth(at).split('-').map(Number) as [number, number];
  return { year, month };
}

const monthIndex = (ym: YearMonth) => ym.year * 12 + (ym.month - 1);

/** Whole years of age at `at`: a birthday counts from the month after the birth month (the day is unknown). */
export function ageAt(birth: YearMonth, at: Date): number {
  return Math.floor((monthIndex(tokyoYearMonth(at)) - monthIndex(birth) - 1) / 12);
}

export const ADULT_AGE = 18;
export type AgeBand = 'under16' | 'age16to17' | 'adult';

export function ageBand(age: number): AgeBand {
  if (age < 16) return 'under16';
  return age < ADULT_AGE ? 'age16to17' : 'adult';
}

/** A minor must bring a guardian's consent at the first purchase (the terms). */
export const isMinor = (birth: YearMonth, at: Date) => ageAt(birth, at) < ADULT_AGE;

/** The oldest birth year accepted; anything older is a typing mistake. */
export const OLDEST_BIRTH_YEAR = 1900;

/** A birth month is accepted when it is not after the shop's current month. */
export function birthMonthInFuture(birth: YearMonth, at: Date): boolean {
  return monthIndex(birth) > monthIndex(tokyoYearMonth(at));
}

/** 'YYYY-MM' of a birth month (the stored and shown form). */
export const formatYearMonth = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;
