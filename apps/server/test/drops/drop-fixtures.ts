import { randomBytes } from 'node:crypto';
import { altchaPayload, seedCommitment } from '@oripa/core';
import { solveChallenge } from 'altcha-lib/v1';
import type { AppContext } from '../../src/context.ts';
import { saveDrop } from '../../src/db/queries/drops.ts';
import { dropChallenge } from '../../src/services/drops/drop-challenge.ts';
import type { ShopContext } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';

export const MINUTE = 60_000;

/** A pack whose sale starts `startsInMs` from the shop clock, sold as a drop with these settings. */
export async function buildDropPack(
  shop: ShopContext,
  o: { startsInMs?: number; prequeueMinutes?: number; admitPerMinute?: number; stayMinutes?: number; c?: number } = {},
) {
  const packId = await buildPack(shop, {
    startDate: new Date(shop.clock.now().getTime() + (o.startsInMs ?? 10 * MINUTE)),
  });
  const seed = randomBytes(32);
  await saveDrop(shop.ctx.db.pool, packId, {
    prequeueMinutes: o.prequeueMinutes ?? 30,
    admitPerMinute: o.admitPerMinute ?? 2,
    stayMinutes: o.stayMinutes ?? 5,
    seed,
    seedHash: seedCommitment(seed.toString('hex')),
  });
  return { packId, seedHex: seed.toString('hex') };
}

/** What the page does: fetch a challenge for this member and pack, solve it, and answer the payload it posts. */
export async function solvedPayload(ctx: AppContext, memberId: number, packId: number): Promise<string> {
  const c = await dropChallenge(ctx, memberId, packId);
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return altchaPayload(c, solution.number);
}
