import type { AppContext } from '../../context.ts';
import { Batcher, RETRY_LATER, takeBatch } from '../../db/batcher.ts';
import { CONFLICT_CODES, retryConflicts } from '../../db/transaction.ts';

/**
 * Group purchase (ADR 0007). Buyers of one pack queue here and are sent to PostgreSQL together as one
 * `buy_pack_batch` statement (migration 0005): one ticket claim, one purchase insert, one debit for the whole batch,
 * through the smart batching of db/batcher.ts (no timer; a batch goes out whenever fewer than MAX_IN_FLIGHT of the
 * pack's batches are running). A batch never holds the same member or token twice (a later one waits for the next
 * batch); each buyer's outcome is its own (the SQL function leaves a buyer who cannot buy out of every write and
 * names the reason).
 */

export interface BatchBuyer {
  memberId: number;
  count: number;
  unit: number;
  /** The purchase intent's nonce (purchases.token). */
  token: string;
  /** The fewest draws acceptable: the count, or 1 for 'all'. */
  min: number;
}

export interface ClaimedRow {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  pack_card_id: number;
}

/** Why buy_pack_batch left a buyer out (see migration 0005). */
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

/** buy_pack_batch's 'stock moved' error (migration 0007). */
export const STOCK_MOVED = 'OR010';
const BATCH_RETRY_CODES = [...CONFLICT_CODES, STOCK_MOVED];
const STOCK_RETRIES = 8;

export const BATCH_SQL = `SELECT idx, purchase_id, history_id, ticket_no, pack_card_id, reason
  FROM buy_pack_batch($1, $2, $3, $4, $5, $6, $7)`;

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

type BatchRow = ClaimedRow & { idx: number; reason: string | null };

/** The parameters of BATCH_SQL: buyer i of the batch is element i of each array. */
export const batchValues = (packId: number, buyers: BatchBuyer[], at: Date) => [
  packId,
  buyers.map((b) => b.memberId),
  buyers.map((b) => b.count),
  buyers.map((b) => b.unit),
  buyers.map((b) => b.token),
  buyers.map((b) => b.min),
  at,
];

async function runBatch(ctx: AppContext, packId: number, buyers: BatchBuyer[]) {
  const at = ctx.clock.now();
  const values = batchValues(packId, buyers, at);
  // The statement is all-or-nothing, so a batch rolled back by a deadlock, or because a batch of another instance
  // took the tickets it counted on (stock_moved: that batch committed, so each retry follows progress), is safe to
  // send again.
  const { rows } = await retryConflicts(
    () => ctx.db.pool.query<BatchRow>({ name: 'pack-buy-batch', text: BATCH_SQL, values }),
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
    cards.push({
      history_id: r.history_id,
      purchase_id: r.purchase_id,
      ticket_no: r.ticket_no,
      pack_card_id: r.pack_card_id,
    });
    bought.set(r.idx, cards);
  }
  return buyers.map((_, i): BatchOutcome | typeof RETRY_LATER => {
    const cards = bought.get(i + 1);
    if (cards) return { bought: cards, at };
    const reason = reasons.get(i + 1);
    if (!reason) throw new Error(`buy_pack_batch answered nothing for buyer ${i + 1}`);
    // 'again' (the same member or token twice in a batch) cannot pass the gate; should it, queue once more.
    return reason === 'again' ? RETRY_LATER : { notBought: reason as NotBoughtReason, at };
  });
}

const queues = new WeakMap<AppContext, Map<number, Batcher<BatchBuyer, BatchOutcome>>>();

/** Queues one buyer of `packId` for the next batch and resolves with its own outcome. */
export function buyInBatch(ctx: AppContext, packId: number, buyer: BatchBuyer): Promise<BatchOutcome> {
  let byPack = queues.get(ctx);
  if (!byPack) queues.set(ctx, (byPack = new Map()));
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
