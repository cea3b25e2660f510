/**
 * Draw-button rules of spec section 5, shared by the pack banner (what to show) and the server (what to accept).
 */
export const MAX_DRAW_COUNT = 3000;

export interface DrawState {
  pack_count: number;
  max_buy_count: number;
  can_limit: '0' | '1';
  is_sms_limit: '0' | '1';
  is_before?: '0' | '1';
}

export interface DrawButtons {
  ten: { shown: true; disabled: boolean };
  hundred: { shown: boolean; disabled: boolean };
  all: { shown: boolean };
  /** Clicks are ignored (sold out, SMS-limited, or can_limit 1). */
  clicksIgnored: boolean;
  soldOut: boolean;
  /** Options of the count drop-down: 1..min(3000, max_buy_count or pack_count). */
  dropdownMax: number;
}

const disabledFor = (n: number, s: DrawState) => s.pack_count < n || (s.max_buy_count >= 1 && s.max_buy_count < n);

export function drawButtons(s: DrawState): DrawButtons {
  const soldOut = s.pack_count <= 0;
  const limit = s.max_buy_count > 0 ? Math.min(MAX_DRAW_COUNT, s.max_buy_count) : MAX_DRAW_COUNT;
  return {
    ten: { shown: true, disabled: disabledFor(10, s) },
    hundred: { shown: s.pack_count >= 100 || s.max_buy_count !== 0, disabled: disabledFor(100, s) },
    all: { shown: s.pack_count < 100 && s.max_buy_count === 0 },
    clicksIgnored: soldOut || s.is_sms_limit === '1' || s.can_limit === '1',
    soldOut,
    dropdownMax: Math.max(0, Math.min(limit, s.pack_count)),
  };
}

export type DrawCount = number | 'all';

/**
 * Parses a requested count: an integer 1..3000 or the string 'all'. Anything else (0, -1, 3001, 'ALL', 1.5,
 * '10') is null.
 */
export function parseDrawCount(raw: unknown): DrawCount | null {
  if (raw === 'all') return 'all';
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_DRAW_COUNT) return raw;
  return null;
}

/** Stock bar colour: green above 76 % remaining, amber above 30 %, red otherwise. */
export function stockBarColor(remaining: number, total: number): 'green' | 'amber' | 'red' {
  const pct = total > 0 ? (remaining / total) * 100 : 0;
  if (pct > 76) return 'green';
  if (pct > 30) return 'amber';
  return 'red';
}

/** The countdown "until sales start" as hh.mm.ss (hours may exceed 24); null once the time has come. */
export function countdownText(startMs: number, nowMs: number): string | null {
  const left = Math.floor((startMs - nowMs) / 1000);
  if (left <= 0) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(left / 3600))}.${p(Math.floor((left % 3600) / 60))}.${p(left % 60)}`;
}
