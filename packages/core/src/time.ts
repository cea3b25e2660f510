/** All times on the wire are Asia/Tokyo, `YYYY-MM-DD HH:mm:ss` (DESIGN.md section 3). Japan has no DST. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Every /api reply carries the shop clock's time (epoch ms) in this header, for the SPA's countdowns (ADR 0034). */
export const SHOP_TIME_HEADER = 'x-shop-time';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatTokyo(date: Date): string {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The calendar and clock in Tokyo at an instant: month 1-12, weekday 0 for Sunday. */
export interface TokyoParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

/** The Tokyo calendar and clock of `date`, for a display drawn without Intl (apps/web lib/format/plain-format.ts). */
export function tokyoParts(date: Date): TokyoParts {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** An instant as ISO 8601 in Tokyo time with its offset: '2026-11-27T17:00:00.000+09:00' (the sandbox clock). */
export function toTokyoIso(date: Date): string {
  return new Date(date.getTime() + JST_OFFSET_MS).toISOString().replace('Z', '+09:00');
}

/** Parses the wire format back into a Date (treating it as Tokyo time). */
export function parseTokyo(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a Tokyo timestamp: ${text}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - JST_OFFSET_MS);
}

/** Adds calendar months in Tokyo time (a lot granted on 31 Aug expires at the end of 28/29 Feb). */
export function addMonthsTokyo(date: Date, months: number): Date {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return new Date(d.getTime() - JST_OFFSET_MS);
}

/** The Asia/Tokyo calendar day of an instant, 'YYYY-MM-DD'. */
export function tokyoDay(date: Date): string {
  return new Date(date.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Asia/Tokyo month of an instant, 'YYYY-MM'. */
export const tokyoMonth = (date: Date) => tokyoDay(date).slice(0, 7);

/** A month 'YYYY-MM' as its Tokyo start and the next month's start: the [from, to) of "in that month". */
export function tokyoMonthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+09:00`), to: new Date(`${next}-01T00:00:00+09:00`) };
}
