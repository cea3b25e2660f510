/**
 * When a waiting page should ask for its status again (issue 22 §1, ADR 0053). The server says so in every status
 * reply (`poll_ms`), so thousands of pages cost it what their distance from the front needs, not a poll every 3 s
 * each: a member's admission time is fixed with their place, so far from the front nothing they are shown changes
 * fast (the page counts the wait down itself). Near the moment that matters (the start, their admission, its end)
 * the next poll lands just after it, spread by `jitter` so a crowd waiting for the same moment does not ask in one
 * instant. Pure: the caller passes the jitter (a number in [0, 1)).
 */

export const POLL_MIN_MS = 2_000;
export const POLL_MAX_MS = 30_000;
/**
 * How far past the start the pre-queue's polls are spread: the whole pre-queue learns its place then, and admission
 * runs through the minute (prequeueAdmitAt), so a few seconds' spread costs nobody their turn.
 */
export const START_SPREAD_MS = 10_000;
/** How far past their own moment (admission, its end) a member's poll is spread. */
export const MOMENT_SPREAD_MS = 3_000;

export type PollState = 'not_open' | 'outside' | 'prequeue' | 'waiting' | 'admitted' | 'expired';

/**
 * @param untilMs how long until the moment this state ends: the pre-queue's opening ('not_open'), the start
 *   ('prequeue'), the member's admission ('waiting') or its end ('admitted'); ignored for the others
 */
export function pollDelayMs(state: PollState, untilMs: number, jitter: number): number {
  if (state === 'outside') return POLL_MIN_MS; // the page is joining; after a failed join it looks again soon
  if (state === 'expired') return POLL_MAX_MS; // only the member's button changes anything
  const left = Math.max(0, untilMs);
  const spread = Math.floor(jitter * (state === 'prequeue' ? START_SPREAD_MS : MOMENT_SPREAD_MS));
  // Close to the moment: one poll just after it. Further: half the time left, at most 30 s. Half, not a quarter
  // (ADR 0057): nothing a far page shows depends on the poll (its admission time is fixed and the page counts down),
  // so halving the distance each time is enough to land near the moment, and a two-minute wait costs 6 polls, not 11.
  if (left <= 4 * POLL_MIN_MS) return Math.max(POLL_MIN_MS, left + spread);
  return Math.min(POLL_MAX_MS, Math.round(left / 2));
}
