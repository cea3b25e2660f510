import type { Batcher } from '../../db/batcher.ts';
import { PromiseCache } from '../../promise-cache.ts';
import type { BatchBuyer } from '../../db/queries/purchases.ts';
import type { CardRow, PackRow } from '../../db/queries/packs.ts';
import type { BatchOutcome } from './buy-batcher.ts';
import type { DropRow, QueueEntryRow } from '../../db/queries/drops.ts';
import type { DropBudgets } from '../drops/drop-limits.ts';
import { createEntryCaches, type EntryCaches } from '../drops/entry-cache.ts';
import type { PackAndBuyer, PackAndBuyerQuery } from './purchase.ts';

/**
 * The purchase path's per-instance state, on the context (ctx.packs): each server instance, and each test shop,
 * has its own, so two instances in one process never share a queue or an entry. The batchers are made on first
 * use, since they close over the context.
 */
export interface PackCaches {
  /** The reads of POST /pack/check in a rush, one statement per batch (purchase.ts). */
  checks: Batcher<PackAndBuyerQuery, PackAndBuyer | null> | null;
  /** Per pack: the buyers waiting for the next buy_pack_batch statement (buy-batcher.ts). */
  buyQueues: Map<number, Batcher<BatchBuyer, BatchOutcome>>;
  /** Per pack: the columns a purchase reply shows, for a second (purchase.ts). */
  replyPacks: PromiseCache<number, PackRow | null>;
  /** Per pack: the lineup by card id, kept for good: it never changes once the tickets are fixed (lineup-cache.ts). */
  lineups: PromiseCache<number, Map<number, CardRow>>;
  /** Per pack: its drop settings (null: not a drop), for a second (services/drops/waiting-room.ts). */
  drops: PromiseCache<number, DropRow | null>;
  /** Per drop: how many are queued and the highest place admitted, for a second: what thousands polling share. */
  dropSnapshots: PromiseCache<number, { queued: number; admitted_through: number }>;
  /** Per drop: the members' queue entries this instance has read, while they cannot change (entry-cache.ts). */
  dropEntries: EntryCaches;
  /** The waiting room's request budgets per member and address, made on first use (drop-limits.ts). */
  dropBudgets: DropBudgets | null;
  /** Pre-queue joins, one statement per batch (waiting-room.ts); null: shuffled, or written by another tab. */
  dropJoins: Batcher<
    { packId: number; memberId: number; code: string; now: Date },
    QueueEntryRow | 'shuffled' | null
  > | null;
}

/** The columns of a purchase reply are a copy for labels only (the purchase itself read the live row). */
const PACK_REPLY_TTL_MS = 1000;

export function createPackCaches(): PackCaches {
  return {
    checks: null,
    buyQueues: new Map(),
    replyPacks: new PromiseCache(PACK_REPLY_TTL_MS),
    lineups: new PromiseCache(Number.POSITIVE_INFINITY),
    drops: new PromiseCache(PACK_REPLY_TTL_MS, 10_000),
    dropSnapshots: new PromiseCache(PACK_REPLY_TTL_MS, 10_000),
    dropEntries: createEntryCaches(),
    dropBudgets: null,
    dropJoins: null,
  };
}
