/**
 * The shop's time as the server tells it (every /api reply's x-shop-time header, ADR 0034): countdowns to a sale's
 * start follow the shop clock, which a sandbox can move and which a phone's own clock may disagree with. Until a
 * reply has arrived it is the device's time.
 */
let skewMs = 0;

/** Notes the server's time from a reply that arrived at `receivedAt` (the reply's age is unknown: taken as 0). */
export function noteShopTime(header: string | null, receivedAt: number = Date.now()): void {
  const at = header === null ? NaN : Number(header);
  if (Number.isFinite(at) && at > 0) skewMs = at - receivedAt;
}

export const shopNow = (): number => Date.now() + skewMs;

/**
 * The shop time a page was drawn at by the server (ADR 0052): its render and the browser's hydration of it read
 * this one instant (hooks/use-drawn-time.ts), so a countdown or "3 minutes ago" hydrates with the words the server
 * wrote, and moves on from there.
 */
let drawnAt: number | null = null;
export const setDrawnTime = (at: number | null): void => {
  drawnAt = at;
};
export const drawnTime = (): number | null => drawnAt;
