import { parseTokyo, toTokyoIso } from '@oripa/core';

/**
 * Dates, times, durations and numbers for people, through Intl in Asia/Tokyo whatever the device's zone (the shop
 * and its sale times are Japanese): "11月25日(水) 7:37" / "Wed, 25 Nov 7:37 JST". The wire keeps its
 * `YYYY-MM-DD HH:mm:ss` Tokyo format (DESIGN.md section 3). The point, coin and pack history lists show the spec's
 * yy/mm/dd in both languages (historyDate; issue 19 reversed issue 13's long date there, ADR 0026's addendum), with
 * the full date beside it for hover and assistive technology.
 */
export type Lang = 'ja' | 'en';
const TZ = 'Asia/Tokyo';

export const langOf = (language: string | undefined): Lang => (language?.startsWith('en') ? 'en' : 'ja');

const formats = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = locale + JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: TZ });
    formats.set(key, f);
  }
  return f;
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  try {
    return parseTokyo(value);
  } catch {
    return null;
  }
}

/** Month, day, weekday and time: "11月25日(水) 7:37" / "Wed, 25 Nov 7:37 JST". An unreadable value is shown as is. */
export function dateTime(value: string | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return String(value);
  if (lang === 'ja') {
    return dtf('ja-JP', { month: 'long', day: 'numeric', weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(
      d,
    );
  }
  const p = Object.fromEntries(
    dtf('en-GB', { month: 'short', day: 'numeric', weekday: 'short', hour: 'numeric', minute: '2-digit' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday}, ${p.day} ${p.month} ${p.hour}:${p.minute} JST`;
}

/** The date alone with its year: "2026年11月25日(水)" / "Wed, 25 Nov 2026". */
export function dateOnly(value: string | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return String(value);
  if (lang === 'ja')
    return dtf('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(d);
  const p = Object.fromEntries(
    dtf('en-GB', { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/**
 * A history list's date as the spec shows it, the same in both languages: "26/11/24" (year, month, day in Tokyo).
 * Shown with the full date (dateOnly) as its title, since "26/11/24" can read as a day first to English readers.
 */
export function historyDate(value: string | Date): string {
  const d = toDate(value);
  if (!d) return String(value);
  const p = Object.fromEntries(
    dtf('en-GB', { year: '2-digit', month: '2-digit', day: '2-digit' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}/${p.month}/${p.day}`;
}

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The machine-readable instant for `<time dateTime>`: a wire time "2026-11-24 10:11:12" (Tokyo) reads
 * "2026-11-24T10:11:12+09:00"; a Date goes through core's toTokyoIso.
 */
export function tokyoIso(value: string | Date): string {
  if (typeof value === 'string' && WIRE_TIME.test(value)) return `${value.replace(' ', 'T')}+09:00`;
  const d = toDate(value);
  return d ? toTokyoIso(d) : String(value);
}

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

/** Seconds left split for a countdown: whole days, then "hh:mm:ss" of the rest. Null once the time has come. */
export function countdownParts(targetMs: number, nowMs: number): { days: number; clock: string } | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  const p = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${p(Math.floor(rest / 3600))}:${p(Math.floor((rest % 3600) / 60))}:${p(rest % 60)}` };
}

/** A number with the separators of the page's language: 12,345. */
export function num(value: number | string | undefined | null, lang: Lang): string {
  const n = Number(value ?? 0);
  return (Number.isFinite(n) ? n : 0).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US');
}
