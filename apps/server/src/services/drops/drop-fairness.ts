import { QUEUE_SHUFFLE_ALGORITHM } from '@oripa/core';
import { notFound } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findDrop, prequeueOrder } from '../../db/queries/drops.ts';

export interface DropFairnessReply {
  pack_id: number;
  algorithm: string;
  seed_hash: string;
  /** Null until the pre-queue has been shuffled at the start. */
  seed: string | null;
  /** The pre-queue's entry codes in place order, once shuffled: anyone can repeat the shuffle (core verifyQueueOrder). */
  order: string[] | null;
}

/** GET /api/user/pack/drop_fairness/:packId: the commitment before the start, the seed and the order after it. */
export async function dropFairness(ctx: AppContext, packId: number): Promise<DropFairnessReply> {
  const drop = await findDrop(ctx.db.pool, packId);
  if (!drop) throw notFound();
  const shuffled = drop.revealed_seed !== null;
  return {
    pack_id: packId,
    algorithm: QUEUE_SHUFFLE_ALGORITHM,
    seed_hash: drop.seed_hash,
    seed: drop.revealed_seed,
    order: shuffled ? await prequeueOrder(ctx.db.pool, packId) : null,
  };
}
