import type { LiveHit } from '../contract/live.ts';

/** How many hits the ticker keeps: what a page shows and what a new page is sent first. */
export const LIVE_HITS_KEPT = 20;

/** At most one stock event per pack in this many milliseconds: a burst of batches becomes one event (issue 22 §3). */
export const LIVE_COALESCE_MS = 250;

/**
 * The member as the ticker shows them: the first letter of the family name and "***", never more (the public
 * draw log's masking shows two letters of the full name; a hit goes to every open page, so it shows less). An
 * empty name gives null: the page shows its anonymous label.
 */
export function liveHitName(initial: string): string | null {
  const first = [...initial.trim()][0];
  if (!first || !/\p{L}/u.test(first)) return null;
  return `${first}***`;
}

/** Seconds between a hit and `now` (the server's time of the same message, so the page's clock does not matter). */
export function secondsAgo(hit: Pick<LiveHit, 'at'>, now: string, elapsedMs = 0): number {
  const s = Math.floor((Date.parse(now) + elapsedMs - Date.parse(hit.at)) / 1000);
  return Number.isFinite(s) ? Math.max(0, s) : 0;
}

/** Merges newer hits into the ticker's list: newest first, each once, at most LIVE_HITS_KEPT. */
export function mergeHits(shown: LiveHit[], incoming: LiveHit[]): LiveHit[] {
  const byId = new Map<number, LiveHit>();
  for (const h of [...incoming, ...shown]) if (!byId.has(h.id)) byId.set(h.id, h);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, LIVE_HITS_KEPT);
}
