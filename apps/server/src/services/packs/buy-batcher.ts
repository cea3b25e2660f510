import type { AppContext } from '../../context.ts';
import { Batcher, RETRY_LATER, takeBatch } from '../../db/batcher.ts';
import { buyPackBatch, STOCK_MOVED, type BatchBuyer, type ClaimedRow } from '../../db/queries/purchases.ts';
import { CONFLICT_CODES, retryConflicts } from '../../db/transaction.ts';

/**
 * Group purchase (ADR 0007). Buyers of one pack queue here and are sent to PostgreSQL together as one
 * `buy_pack_batch` statement (db/queries/purchases.ts): one ticket claim, one purchase insert, one debit for the
 * whole batch, through the smart batching of db/batcher.ts (no timer; a batch goes out whenever fewer than
 * MAX_IN_FLIGHT of the pack's batches are running). A batch never holds the same member or token twice (a later one waits for the next
 * batch); each buyer's outcome is its own (the SQL function leaves a buyer who cannot buy out of every write and
 * names the reason).
 */

/** Why buy_pack_batch left a buyer out (see the function's comment). */
export type NotBoughtReason = 'rules' | 'replay' | 'max_buy' | 'points' | 'coins' | 'stock';

export type BatchOutcome = { bought: ClaimedRow[]; at: Date } | { notBought: NotBoughtReason; at: Date };

/**
 * How many batches of one pack one instance runs at once. One: the buyers who arrive meanwhile make the next batch
 * larger, which costs PostgreSQL less per purchase than two batches taking turns at the pack's draw cursor
 * (measured in ADR 0008). Other instances' batches still overlap with this one's.
 */
const MAX_IN_FLIGHT = 1;
/** Buyers per batch: bounds a batch's locks and its statement time. */
export const MAX_BATCH = 64;

const BATCH_RETRY_CODES = [...CONFLICT_CODES, STOCK_MOVED];
const STOCK_RETRIES = 8;

/** The gate of a new batch: admits a buyer only if its member and its token are not in the batch yet. */
function distinctBuyers(): (b: BatchBuyer) => boolean {
  const members = new Set<number>();
  const tokens = new Set<string>();
  return (b) => {
    if (members.has(b.memberId) || tokens.has(b.token)) return false;
    members.add(b.memberId);
    tokens.add(b.token);
    return true;
  };
}

/** takeBatch with the purchase gate: up to `max` waiting buyers (in order) with distinct members and tokens. */
export function takeBuyBatch<T extends { buyer: BatchBuyer }>(waiting: T[], max = MAX_BATCH): T[] {
  const admits = distinctBuyers();
  return takeBatch(waiting, max, (w) => admits(w.buyer));
}

async function runBatch(ctx: AppContext, packId: number, buyers: BatchBuyer[]) {
  const at = ctx.clock.now();
  // The statement is all-or-nothing, so a batch rolled back by a deadlock, or because a batch of another instance
  // took the tickets it counted on (stock_moved: that batch committed, so each retry follows progress), is safe to
  // send again.
  const rows = await retryConflicts(
    () => buyPackBatch(ctx.db.pool, packId, buyers, at),
    STOCK_RETRIES,
    BATCH_RETRY_CODES,
  );
  const bought = new Map<number, ClaimedRow[]>();
  const reasons = new Map<number, string>();
  for (const r of rows) {
    if (r.reason) {
      reasons.set(r.idx, r.reason);
      continue;
    }
    const cards = bought.get(r.idx) ?? [];
    // The row itself serves as the claimed ticket (a copy per card would cost a 3,000-draw 3,000 objects).
    cards.push(r);
    bought.set(r.idx, cards);
  }
  ctx.metrics.purchaseBatch(buyers.length, bought.size, rows.length - reasons.size);
  return buyers.map((_, i): BatchOutcome | typeof RETRY_LATER => {
    const cards = bought.get(i + 1);
    if (cards) return { bought: cards, at };
    const reason = reasons.get(i + 1);
    if (!reason) throw new Error(`buy_pack_batch answered nothing for buyer ${i + 1}`);
    // 'again' (the same member or token twice in a batch) cannot pass the gate; should it, queue once more.
    return reason === 'again' ? RETRY_LATER : { notBought: reason as NotBoughtReason, at };
  });
}

/** Queues one buyer of `packId` for the next batch and resolves with its own outcome. */
export function buyInBatch(ctx: AppContext, packId: number, buyer: BatchBuyer): Promise<BatchOutcome> {
  const byPack = ctx.packs.buyQueues;
  let queue = byPack.get(packId);
  if (!queue) {
    queue = new Batcher((buyers) => runBatch(ctx, packId, buyers), {
      maxInFlight: MAX_IN_FLIGHT,
      maxBatch: MAX_BATCH,
      gate: distinctBuyers,
    });
    byPack.set(packId, queue);
  }
  return queue.submit(buyer);
}
