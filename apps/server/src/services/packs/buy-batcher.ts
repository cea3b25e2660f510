import type { AppContext } from '../../context.ts';

/**
 * Group purchase (ADR 0007). Buyers of one pack queue here and are sent to PostgreSQL together as one
 * `buy_pack_batch` statement (migration 0005): one ticket claim, one purchase insert, one debit for the whole batch.
 * There is no timer: a buy goes out at once while fewer than MAX_IN_FLIGHT batches of that pack are running, and
 * buys that arrive meanwhile wait for the next batch, so a quiet shop adds no latency and a rush gets big batches.
 * A batch never holds the same member or token twice (a later one waits for the next batch); each buyer's outcome
 * is its own (the SQL function leaves a buyer who cannot buy out of every write and names the reason).
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

/** How many batches of one pack one instance runs at once: enough to keep both PostgreSQL and Node busy. */
const MAX_IN_FLIGHT = 2;
/** Buyers per batch: bounds a batch's locks and its statement time. */
export const MAX_BATCH = 64;

const BATCH_SQL = `SELECT idx, purchase_id, history_id, ticket_no, pack_card_id, reason
  FROM buy_pack_batch($1, $2, $3, $4, $5, $6, $7)`;

interface Waiting {
  buyer: BatchBuyer;
  resolve: (o: BatchOutcome) => void;
  reject: (e: unknown) => void;
}

/** Takes from `waiting` (in arrival order) up to MAX_BATCH buyers with distinct members and tokens. */
export function takeBatch<T extends { buyer: BatchBuyer }>(waiting: T[], max = MAX_BATCH): T[] {
  const members = new Set<number>();
  const tokens = new Set<string>();
  const batch: T[] = [];
  const rest: T[] = [];
  for (const w of waiting) {
    if (batch.length < max && !members.has(w.buyer.memberId) && !tokens.has(w.buyer.token)) {
      members.add(w.buyer.memberId);
      tokens.add(w.buyer.token);
      batch.push(w);
    } else {
      rest.push(w);
    }
  }
  waiting.splice(0, waiting.length, ...rest);
  return batch;
}

class PackBuyQueue {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly packId: number,
  ) {}

  buy(buyer: BatchBuyer): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ buyer, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const batch = takeBatch(this.waiting);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    const at = this.ctx.clock.now();
    let rows: (ClaimedRow & { idx: number; reason: string | null })[];
    try {
      rows = await runBatch(this.ctx, [
        this.packId,
        batch.map((w) => w.buyer.memberId),
        batch.map((w) => w.buyer.count),
        batch.map((w) => w.buyer.unit),
        batch.map((w) => w.buyer.token),
        batch.map((w) => w.buyer.min),
        at,
      ]);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // An unexpected error rolled the whole batch back. Send each buyer alone, so only the one it belongs to
      // sees it (the others were never charged: the statement was all-or-nothing).
      await Promise.all(batch.map((w) => this.run([w])));
      return;
    }
    const bought = new Map<number, ClaimedRow[]>();
    const reasons = new Map<number, string>();
    for (const r of rows) {
      if (r.reason) reasons.set(r.idx, r.reason);
      else {
        const list = bought.get(r.idx) ?? [];
        list.push({
          history_id: r.history_id,
          purchase_id: r.purchase_id,
          ticket_no: r.ticket_no,
          pack_card_id: r.pack_card_id,
        });
        bought.set(r.idx, list);
      }
    }
    batch.forEach((w, i) => {
      const idx = i + 1;
      const reason = reasons.get(idx);
      const cards = bought.get(idx);
      if (cards) w.resolve({ bought: cards, at });
      // 'again' (the same member or token twice in a batch) cannot come from takeBatch; should it, queue once more.
      else if (reason === 'again') this.waiting.push(w);
      else if (reason) w.resolve({ notBought: reason as NotBoughtReason, at });
      else w.reject(new Error(`buy_pack_batch answered nothing for buyer ${idx}`));
    });
  }
}

async function runBatch(ctx: AppContext, values: unknown[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await ctx.db.pool.query<ClaimedRow & { idx: number; reason: string | null }>({
        name: 'pack-buy-batch',
        text: BATCH_SQL,
        values,
      });
      return rows;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Deadlocks and serialization failures roll the whole statement back; the batch is safe to repeat.
      if ((code === '40001' || code === '40P01') && attempt < 3) continue;
      throw err;
    }
  }
}

const queues = new WeakMap<AppContext, Map<number, PackBuyQueue>>();

/** Queues one buyer of `packId` for the next batch and resolves with its own outcome. */
export function buyInBatch(ctx: AppContext, packId: number, buyer: BatchBuyer): Promise<BatchOutcome> {
  let byPack = queues.get(ctx);
  if (!byPack) queues.set(ctx, (byPack = new Map()));
  let queue = byPack.get(packId);
  if (!queue) byPack.set(packId, (queue = new PackBuyQueue(ctx, packId)));
  return queue.buy(buyer);
}
