import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { AppContext } from '../../context.ts';

/**
 * The proof-of-work on joining a drop's queue (issue 22 §2, ADR 0048): ALTCHA, no outside service. The challenge is
 * HMAC-signed with a key derived from the session secret and names the member and the pack, so a solution joins
 * only that member to that pack (one place per member already makes a replay useless) and is refused after
 * CHALLENGE_TTL_MS. The expiry is real time, which the library checks: it bounds a solution's life, not a shop rule.
 */
export const CHALLENGE_TTL_MS = 10 * 60_000;

const hmacKey = (ctx: AppContext) => createHmac('sha256', ctx.config.sessionSecret).update('drop-pow').digest('hex');

export function dropChallenge(ctx: AppContext, memberId: number, packId: number): Promise<Challenge> {
  return createChallenge({
    hmacKey: hmacKey(ctx),
    maxNumber: ctx.config.drops.powMaxNumber,
    expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    params: { m: String(memberId), p: String(packId) },
  });
}

/** Whether `payload` (base64 JSON from the page) solves a challenge issued to this member for this pack. */
export async function solvedChallenge(ctx: AppContext, payload: string, memberId: number, packId: number) {
  try {
    if (!(await verifySolution(payload, hmacKey(ctx), true))) return false;
    const params = extractParams(payload);
    return params.m === String(memberId) && params.p === String(packId);
  } catch {
    // Not base64, not JSON, or not the shape of a payload: not a solution.
    return false;
  }
}
