/**
 * The waiting room of a scheduled drop (issue 22 §1, ADR 0048): when the pre-queue opens, when each place is
 * admitted, how long an admission lasts, and what a waiting member is told. Pure: the shop clock is an argument.
 */

export interface DropTimes {
  /** The pack's sale start: the pre-queue is shuffled then and admission begins. */
  startsAt: Date;
  /** Minutes before the start during which arrivals join the pre-queue (shuffled at the start). */
  prequeueMinutes: number;
  /** Members admitted per minute, in place order. */
  admitPerMinute: number;
  /** Minutes an admitted member may buy before the admission lapses. */
  stayMinutes: number;
}

export const MINUTE_MS = 60_000;

export type DropPhase = 'not_open' | 'prequeue' | 'started';

/** Where the drop stands at `now`: nobody may queue before the pre-queue window; after the start arrivals are FIFO. */
export function dropPhase(d: DropTimes, now: Date): DropPhase {
  const t = now.getTime();
  const start = d.startsAt.getTime();
  if (t >= start) return 'started';
  return t >= start - d.prequeueMinutes * MINUTE_MS ? 'prequeue' : 'not_open';
}

/**
 * When the pre-queue's place `place` (1-based, after the shuffle) is admitted: evenly through each minute from the
 * start, place p + admitPerMinute exactly a minute after place p, so no minute admits more than `admitPerMinute`
 * and no instant admits a whole minute's worth (ADR 0053: a crowd admitted at once would buy at once).
 */
export function prequeueAdmitAt(d: DropTimes, place: number): Date {
  return new Date(d.startsAt.getTime() + Math.floor(((place - 1) * MINUTE_MS) / d.admitPerMinute));
}

/**
 * When a late arrival given the next place is admitted: at once if there is room, but never sooner than a minute
 * after the place `admitPerMinute` ahead of it was, so no minute ever admits more than `admitPerMinute` members
 * (`rateAheadAdmitAt` is that place's admission, null when there is none). Places are admitted in order.
 */
export function lateAdmitAt(
  d: DropTimes,
  now: Date,
  rateAheadAdmitAt: Date | null,
  previousAdmitAt: Date | null,
): Date {
  let t = Math.max(now.getTime(), d.startsAt.getTime());
  if (rateAheadAdmitAt) t = Math.max(t, rateAheadAdmitAt.getTime() + MINUTE_MS);
  if (previousAdmitAt) t = Math.max(t, previousAdmitAt.getTime());
  return new Date(t);
}

/** The end of an admission that began at `admitAt`. */
export const admissionEndsAt = (d: DropTimes, admitAt: Date) => new Date(admitAt.getTime() + d.stayMinutes * MINUTE_MS);

export type AdmissionState = 'waiting' | 'admitted' | 'expired';

export function admissionState(d: DropTimes, admitAt: Date, now: Date): AdmissionState {
  if (now < admitAt) return 'waiting';
  return now < admissionEndsAt(d, admitAt) ? 'admitted' : 'expired';
}

/** What a member who holds a place is told: their place, how many are still ahead and the wait in seconds. */
export interface PlaceStatus {
  state: AdmissionState;
  place: number;
  ahead: number;
  waitSeconds: number;
  admitAt: Date;
  expiresAt: Date;
}

/**
 * @param admittedThrough the highest place admitted so far (a per-instance snapshot, at most a second old): the
 *   number ahead is the places before this one not yet admitted.
 */
export function placeStatus(
  d: DropTimes,
  place: number,
  admitAt: Date,
  admittedThrough: number,
  now: Date,
): PlaceStatus {
  const state = admissionState(d, admitAt, now);
  const ahead = state === 'waiting' ? Math.max(0, place - 1 - admittedThrough) : 0;
  const waitSeconds = state === 'waiting' ? Math.ceil((admitAt.getTime() - now.getTime()) / 1000) : 0;
  return { state, place, ahead, waitSeconds, admitAt, expiresAt: admissionEndsAt(d, admitAt) };
}

/**
 * What a join does for a member who may already hold an entry (another tab, device or instance asked first): a
 * member holds one place; only a lapsed admission lets them queue again, at the back.
 */
export function joinAction(d: DropTimes, entry: { admitAt: Date | null } | null, now: Date): 'new' | 'keep' | 'rejoin' {
  if (!entry) return 'new';
  if (entry.admitAt && admissionState(d, entry.admitAt, now) === 'expired') return 'rejoin';
  return 'keep';
}
