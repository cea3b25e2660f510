import { ageBand, type AgeBand } from './age.ts';

/**
 * Monthly spending limits (issue 19 §2, ADR 0036): the age band's cap, the member's own limit (lowered at once,
 * raised or removed only after RAISE_DELAY_MS) and the cool-off. Pure: the server reads the rows and the shop
 * clock, locks the member and asks `purchaseDecision` before any payment starts; My Page shows the same figures.
 */

export const DAY_MS = 24 * 3600_000;
/** A raise (or removal) of the member's own limit waits this long. */
export const RAISE_DELAY_MS = 7 * DAY_MS;
/** The largest own limit a member may set (yen): far above any band, small enough to be a real number. */
export const MAX_OWN_LIMIT = 10_000_000;

/** Yen per JST month by age band; adults have no band cap (null). */
export interface AgeCaps {
  under16: number;
  age16to17: number;
}
/** Like the game industry's guidance: under 16 ¥5,000 a month, 16-17 ¥20,000. */
export const DEFAULT_AGE_CAPS: AgeCaps = { under16: 5_000, age16to17: 20_000 };

export function bandCap(band: AgeBand, caps: AgeCaps): number | null {
  if (band === 'under16') return caps.under16;
  return band === 'age16to17' ? caps.age16to17 : null;
}
export const capForAge = (age: number, caps: AgeCaps) => bandCap(ageBand(age), caps);

/** The member's own limit: null = none. A pending change is a raise or a removal waiting for its time. */
export interface OwnLimit {
  limit: number | null;
  pending: { limit: number | null; effectiveAt: Date } | null;
}
export const NO_OWN_LIMIT: OwnLimit = { limit: null, pending: null };

/** null (no limit) is above every number. */
const isLower = (a: number | null, b: number | null) => a !== null && (b === null || a < b);

/** The state at `now`: a pending change whose time has come is the limit. */
export function settleOwnLimit(s: OwnLimit, now: Date): OwnLimit {
  if (s.pending && s.pending.effectiveAt.getTime() <= now.getTime()) return { limit: s.pending.limit, pending: null };
  return s;
}

export const effectiveOwnLimit = (s: OwnLimit, now: Date) => settleOwnLimit(s, now).limit;

/**
 * The member asks for `next` (null = remove) at `now`. Lower than today's limit: at once (and any waiting raise
 * is dropped). The same: nothing waits any more. Higher, or removal: waits RAISE_DELAY_MS from this request (a
 * newer request replaces a waiting one and starts its own 7 days).
 */
export function requestOwnLimit(s: OwnLimit, next: number | null, now: Date): OwnLimit {
  const current = settleOwnLimit(s, now).limit;
  if (isLower(next, current)) return { limit: next, pending: null };
  if (next === current) return { limit: current, pending: null };
  return { limit: current, pending: { limit: next, effectiveAt: new Date(now.getTime() + RAISE_DELAY_MS) } };
}

/** Cool-off periods a member may choose. */
export const COOL_OFF_PERIODS = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const;
export type CoolOffPeriod = keyof typeof COOL_OFF_PERIODS;
export const COOL_OFF_CHOICES = Object.keys(COOL_OFF_PERIODS) as CoolOffPeriod[];

/** A new cool-off never shortens one already running: it ends at the later of the two ends. */
export function extendCoolOff(until: Date | null, period: CoolOffPeriod, now: Date): Date {
  const end = now.getTime() + COOL_OFF_PERIODS[period];
  return new Date(Math.max(end, until?.getTime() ?? 0));
}

export const inCoolOff = (until: Date | null, now: Date) => until !== null && now.getTime() < until.getTime();

/** The smallest limit that applies this month (null: none). */
export function applicableLimit(band: number | null, own: number | null): number | null {
  if (band === null) return own;
  return own === null ? band : Math.min(band, own);
}

/** Yen still allowed this month (null: no limit). */
export const remainingThisMonth = (limit: number | null, monthTotal: number) =>
  limit === null ? null : Math.max(0, limit - monthTotal);

export interface PurchaseContext {
  /** The band's cap for the member's age at the shop clock's date (null: adult). */
  bandCap: number | null;
  own: OwnLimit;
  coolOffUntil: Date | null;
  /** Yen of this JST month's point and coin purchases credited or still open (ADR 0036). */
  monthTotal: number;
  now: Date;
}

export type PurchaseDecision =
  | { ok: true }
  | { ok: false; reason: 'cool_off'; until: Date }
  | { ok: false; reason: 'limit'; limit: number; monthTotal: number; by: 'age' | 'own' };

/** May a purchase of `amount` yen start now? Allowed iff not in cool-off and monthTotal + amount <= the limit. */
export function purchaseDecision(c: PurchaseContext, amount: number): PurchaseDecision {
  if (inCoolOff(c.coolOffUntil, c.now)) return { ok: false, reason: 'cool_off', until: c.coolOffUntil! };
  const own = effectiveOwnLimit(c.own, c.now);
  const limit = applicableLimit(c.bandCap, own);
  if (limit === null || c.monthTotal + amount <= limit) return { ok: true };
  const by = c.bandCap !== null && c.bandCap === limit ? 'age' : 'own';
  return { ok: false, reason: 'limit', limit, monthTotal: c.monthTotal, by };
}
