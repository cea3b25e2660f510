import { parseTokyo, tokyoParts, toTokyoIso } from '@oripa/core';
import { groupDigits, MONTHS_EN, pad2, WEEKDAYS_EN, WEEKDAYS_JA, type Lang } from './plain-format';

/**
 * Dates, times, durations and numbers for people, in Asia/Tokyo whatever the device's zone (the shop and its sale
 * times are Japanese): "11月25日(水) 7:37" / "Wed, 25 Nov 7:37 JST". The wire keeps its `YYYY-MM-DD HH:mm:ss` Tokyo
 * format (DESIGN.md section 3). Dates and numbers are drawn without Intl, whose first use costs a fresh page a long
 * task (plain-format.ts). What only lazy pages show lives beside it (date-only.ts, relative-time.ts): a module the
 * first bundle shares with lazy pages carries every export any of them uses.
 */
export { langOf, type Lang } from './plain-format';

export function toDate(value: string | Date): Date | null {
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
  const p = tokyoParts(d);
  const clock = `${p.hour}:${pad2(p.minute)}`;
  if (lang === 'ja') return `${p.month}月${p.day}日(${WEEKDAYS_JA[p.weekday]}) ${clock}`;
  return `${WEEKDAYS_EN[p.weekday]}, ${p.day} ${MONTHS_EN[p.month - 1]} ${clock} JST`;
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

/** Seconds left split for a countdown: whole days, then "hh:mm:ss" of the rest. Null once the time has come. */
export function countdownParts(targetMs: number, nowMs: number): { days: number; clock: string } | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  return {
    days,
    clock: `${pad2(Math.floor(rest / 3600))}:${pad2(Math.floor((rest % 3600) / 60))}:${pad2(rest % 60)}`,
  };
}

/** A number with the separators both languages use (12,345), 0 for what is not one; see plain-format.ts. */
export function num(value: number | string | undefined | null): string {
  return groupDigits(Number(value ?? 0));
}
