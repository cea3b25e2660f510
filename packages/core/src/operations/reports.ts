import { z } from 'zod';
import { adminMsg } from '../admin/messages.ts';

/**
 * The unused-balance report of prepaid points (資金決済法 第三者型/自家型前払式支払手段; ADR 0018): the balance of
 * PAID points still unused at each base date, 31 March and 30 September (end of day, Asia/Tokyo), and today's.
 * Free points are given without payment and are not prepaid instruments; they are shown apart.
 *
 * The legal threshold: when the unused balance at a base date exceeds ¥10,000,000, the issuer must file with the
 * Finance Bureau (自家型: 届出) and deposit at least half of that balance as security (発行保証金).
 */
export const DEPOSIT_THRESHOLD_YEN = 10_000_000;

/** The statutory deposit: half the unused balance once it exceeds 10 million yen at a base date, else 0. */
export function depositRequirement(unusedYen: number): number {
  return unusedYen > DEPOSIT_THRESHOLD_YEN ? Math.ceil(unusedYen / 2) : 0;
}

const TOKYO_MS = 9 * 3600_000;

/** The base dates (YYYY-MM-DD) on or before `now` in Tokyo, newest first. */
export function baseDatesBefore(now: Date, count: number): string[] {
  const tokyo = new Date(now.getTime() + TOKYO_MS);
  let year = tokyo.getUTCFullYear();
  const md = tokyo.toISOString().slice(5, 10);
  const out: string[] = [];
  // Start from the latest base date that has ended: 09-30 ends at the start of 10-01.
  let half: 'sep' | 'mar' = md > '09-30' ? 'sep' : md > '03-31' ? 'mar' : 'sep';
  if (half === 'sep' && md <= '03-31') year -= 1;
  while (out.length < count) {
    out.push(half === 'sep' ? `${year}-09-30` : `${year}-03-31`);
    if (half === 'mar') {
      half = 'sep';
      year -= 1;
    } else half = 'mar';
  }
  return out;
}

export const isBaseDate = (day: string) => /^\d{4}-(03-31|09-30)$/.test(day);

/** The first instant after a Tokyo day ends (the exclusive upper bound of "as at the end of `day`"). */
export function endOfTokyoDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+09:00`) + 24 * 3600_000);
}

/** A month YYYY-MM as its Tokyo start and the next month's start (time.ts). */
export { tokyoMonthRange } from '../time.ts';

export const monthField = z.string({ error: 'notString' }).regex(/^(20\d{2})-(0[1-9]|1[0-2])$/, 'reportMonthInvalid');
export const reportExportSchema = z.object({
  month: monthField,
  kind: z.enum(['sales', 'points'], { error: 'invalid' }),
});
export const unusedBalanceSchema = z.object({
  date: z.string({ error: 'notString' }).refine(isBaseDate, 'reportBaseDateInvalid').optional(),
});
export const MAINTENANCE_MESSAGE_MAX = 500;
// The limit travels with the key, so the console's message can say it ("…500文字以内…").
const maintenanceTooLong = adminMsg('maintenanceMessageTooLong', { max: MAINTENANCE_MESSAGE_MAX });
export const maintenanceSchema = z.object({
  on: z.boolean({ error: 'invalid' }),
  message_ja: z.string({ error: 'notString' }).trim().max(MAINTENANCE_MESSAGE_MAX, maintenanceTooLong).default(''),
  message_en: z.string({ error: 'notString' }).trim().max(MAINTENANCE_MESSAGE_MAX, maintenanceTooLong).default(''),
});
export type MaintenanceInput = z.infer<typeof maintenanceSchema>;

/** Balances at one moment: paid and free points (their lots' net moves) and coins. */
export interface UnusedBalances {
  paid_points: number;
  free_points: number;
  coins: number;
}

export interface UnusedBalanceFigures extends UnusedBalances {
  /** Paid points at their issue price (1 point = 1 yen: every course sells its paid points at face value). */
  unused_yen: number;
  /** Whether unused_yen is above the legal threshold (DEPOSIT_THRESHOLD_YEN). */
  over_threshold: boolean;
  deposit_yen: number;
}

export interface UnusedBalanceRow extends UnusedBalanceFigures {
  /** YYYY-MM-DD, a base date. */
  date: string;
}

/** The unused balance as of now (what a base date ending now would show); `at` is YYYY-MM-DD HH:mm:ss, Tokyo. */
export interface UnusedBalanceNow extends UnusedBalanceFigures {
  at: string;
}

/**
 * Today's unused points by when their lots expire (every grant is a lot that expires 6 months later): per Tokyo
 * month of expiry, and apart (`overdue`) those of lots whose expiry day is past that the hourly expiry job has not
 * reached yet (still unused until it does).
 */
export interface LotExpiryRow {
  /** YYYY-MM of the lots' expiry. */
  month: string;
  overdue: boolean;
  paid_points: number;
  free_points: number;
}

export interface UnusedBalanceReport {
  threshold_yen: number;
  today: UnusedBalanceNow;
  expiry: LotExpiryRow[];
  /** The base dates, newest first. */
  rows: UnusedBalanceRow[];
}

/** What the report says of a balance: its value in yen, whether it is over the threshold, the deposit it asks. */
export function unusedBalanceFigures(b: UnusedBalances): UnusedBalanceFigures {
  return {
    ...b,
    unused_yen: b.paid_points,
    over_threshold: b.paid_points > DEPOSIT_THRESHOLD_YEN,
    deposit_yen: depositRequirement(b.paid_points),
  };
}
