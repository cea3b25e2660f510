/**
 * When the simulated month happens. Its last days straddle the end of 31 March (JST): a month end (ranks kept or
 * lowered) and a base date of the unused-balance report at the same instant, with two days after it for members
 * to come back. The shop opens `prologueDays` before the month, when the founders register and buy a rank.
 */
const DAY = 24 * 3600_000;
const TOKYO = 9 * 3600_000;

export interface Timeline {
  /** The shop's opening (founders register), before anything else happens on it. */
  opening: Date;
  /** Day 1 of the simulated month, 09:00 JST. */
  start: Date;
  /** The month end and base date inside the month: 1 April 00:00 JST. */
  baseEnd: Date;
  /** The base date as the report names it (YYYY-03-31). */
  baseDate: string;
  days: number;
}

export function planTimeline(now: Date, days: number, prologueDays: number): Timeline {
  // Day d starts at start + (d-1) days; the base end falls between day days-2 and days-1 (at least one day after).
  const after = Math.min(2, days - 1);
  for (let year = new Date(now.getTime() + TOKYO).getUTCFullYear(); ; year++) {
    const baseEnd = new Date(Date.UTC(year, 3, 1) - TOKYO);
    const start = new Date(baseEnd.getTime() - (days - after) * DAY + 9 * 3600_000);
    const opening = new Date(start.getTime() - prologueDays * DAY);
    if (opening.getTime() > now.getTime() + 60_000) {
      return { opening, start, baseEnd, baseDate: `${year}-03-31`, days };
    }
  }
}

/** "YYYY-MM-DD HH:mm" in Tokyo time, as the console's date fields take it. */
export const tokyoField = (d: Date) => new Date(d.getTime() + TOKYO).toISOString().slice(0, 16).replace('T', ' ');

/** Noon (JST) of the last day of the Tokyo month of `at`, or of the next month when that has passed. */
export function nextMonthsLastNoon(at: Date): Date {
  const tokyo = new Date(at.getTime() + TOKYO);
  for (let m = 0; ; m++) {
    const noon = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1 + m, 0, 12) - TOKYO);
    if (noon.getTime() > at.getTime()) return noon;
  }
}
