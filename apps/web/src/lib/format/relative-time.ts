import { toDate, type Lang } from './datetime';

/**
 * Relative times, the one formatter here through Intl (plain-format.ts says why the others are not). Only the
 * card choice after a draw shows one, so it lives apart from datetime.ts: a module that the first bundle shares with
 * lazy pages carries every export any of them uses.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How far away a time is, in its largest whole unit: "あと23時間" / "in 23 hours", "5分前" / "5 minutes ago"
 * (Japanese without Intl's spaces between number and unit, and 'あと…' for what is still to come).
 */
export function relativeTime(value: string | Date, lang: Lang, nowMs: number = Date.now()): string {
  const d = toDate(value);
  if (!d) return String(value);
  const diff = d.getTime() - nowMs;
  const [unit, ms] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? (['minute', 60_000] as const);
  const count = Math.trunc(diff / ms);
  if (lang === 'en') return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(count, unit);
  if (count > 0) {
    return `あと${new Intl.NumberFormat('ja-JP', { style: 'unit', unit, unitDisplay: 'long' }).format(count)}`.replace(
      /\s/g,
      '',
    );
  }
  return new Intl.RelativeTimeFormat('ja', { numeric: 'auto' }).format(count, unit).replace(/\s/g, '');
}
