/**
 * Refusals answered before the session is read (issue 22 §2, ADR 0057). A client refused by a drop's rules keeps
 * asking the same thing at a bot's pace (the pack's check without an admission, the join past its budget or with a
 * forged proof-of-work); each ask cost the whole request (the session lookup, the CSRF check, the body, the rule)
 * to be refused again. So the same session asking the same route within a short while after such a refusal gets
 * the 429 at once, from this instance's memory: what it would have been told anyway (the budget's window), or a
 * few seconds' pause (an admission that has not come yet does not come sooner for asking). Keyed by the session
 * cookie as sent (no lookup), the route's pattern and the pack asked about: a refusal on a drop must not hold the
 * same member's check of another pack. An honest page never asks these while refused.
 */

import type { FastifyRequest } from 'fastify';

/** The pack a drop route names in its path (status, challenge), or undefined for a route naming it in its body. */
export function packInPath(request: FastifyRequest): string | undefined {
  return (request.params as { packId?: string } | undefined)?.packId;
}

/** The pack a request names in its body (join, check): the parsed `json` payload's pack_id, '' when there is none. */
export function packInBody(request: FastifyRequest): string {
  const id = (request.payload as Record<string, unknown> | undefined)?.pack_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** The routes a refusal holds, and for how long after it, by reason. */
// The buy is not among them: it names no pack (only the check's token), and it is refused on a drop only when an
// admission ran out between check and buy.
const DROP_ROUTES = new Set([
  '/api/user/pack/drop/:packId',
  '/api/user/pack/drop/:packId/challenge',
  '/api/user/pack/drop/join',
  '/api/user/pack/check',
]);
const NOT_ADMITTED_HOLD_MS = 5_000;
const BAD_CHALLENGE_HOLD_MS = 2_000;

/** Until when (ms) a refusal for `reason` holds, or null when it is not one this box keeps. */
export function holdUntil(reason: string, nowMs: number): number | null {
  if (reason === 'drop_not_admitted') return nowMs + NOT_ADMITTED_HOLD_MS;
  if (reason === 'challenge_invalid') return nowMs + BAD_CHALLENGE_HOLD_MS;
  // The drop budgets count in fixed minutes (drop-limits.ts): refused until the minute ends, as the budget would.
  if (reason === 'rate_limited') return (Math.floor(nowMs / 60_000) + 1) * 60_000;
  return null;
}

export class RefusalBox {
  private held = new Map<string, number>();

  /** A bound on memory (session ids come from cookies): past it, start afresh. */
  constructor(private readonly maxKeys = 100_000) {}

  /** After a refusal of `sid` on `route` about pack `pack` for `reason`. */
  refused(
    route: string | undefined,
    sid: string | undefined,
    pack: string,
    reason: string | undefined,
    nowMs: number,
  ): void {
    if (!route || !sid || !reason || !DROP_ROUTES.has(route)) return;
    const until = holdUntil(reason, nowMs);
    if (until === null) return;
    if (this.held.size >= this.maxKeys) this.held.clear();
    this.held.set(`${route}|${sid}|${pack}`, until);
  }

  /** Whether this request (of `sid` on `route` about pack `pack`) is to be refused at once. */
  holds(route: string | undefined, sid: string | undefined, pack: string, nowMs: number): boolean {
    if (!route || !sid || this.held.size === 0 || !DROP_ROUTES.has(route)) return false;
    const key = `${route}|${sid}|${pack}`;
    const until = this.held.get(key);
    if (until === undefined) return false;
    if (until > nowMs) return true;
    this.held.delete(key);
    return false;
  }
}
