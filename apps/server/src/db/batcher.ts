/**
 * Smart batching for hot statements (ADR 0007). Callers submit one item each; items are sent to `run` together.
 * There is no timer: an item goes out at once while fewer than `maxInFlight` batches are running, and items that
 * arrive meanwhile wait for the next batch, so a quiet shop adds no latency and a rush gets big batches.
 *
 * `run` answers one result per item, in order. If it throws for a batch of several items, each item is run again
 * alone, so an error reaches only the item it belongs to (the statements batched here are all-or-nothing, so the
 * failed batch changed nothing); `retryAlone` may say an error belongs to every item (the database is away).
 */
export interface BatcherOptions<I> {
  maxInFlight: number;
  maxBatch: number;
  /**
   * Makes the gate of a new batch: asked in arrival order whether an item may join (and then remembering it). Items
   * turned away wait, in order, for a later batch. Default: every item may join.
   */
  gate?: () => (item: I) => boolean;
  /**
   * Whether a failed batch's items are each run again alone (default: always). Not when the error says the database
   * is away (a pool that timed out): hundreds of single statements would only press on it harder.
   */
  retryAlone?: (err: unknown) => boolean;
}

/** A result that sends its item back to the queue for a later batch. */
export const RETRY_LATER = Symbol('retry later');

interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

/** Takes from `waiting` (in arrival order) up to `max` items its gate admits; the rest stay queued in order. */
export function takeBatch<T>(waiting: T[], max: number, admits: (item: T) => boolean = () => true): T[] {
  const batch: T[] = [];
  const rest: T[] = [];
  for (const w of waiting) {
    if (batch.length < max && admits(w)) batch.push(w);
    else rest.push(w);
  }
  waiting.splice(0, waiting.length, ...rest);
  return batch;
}

export class Batcher<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<(O | typeof RETRY_LATER)[]>,
    private readonly opts: BatcherOptions<I>,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.opts.maxInFlight && this.waiting.length > 0) {
      const admits = this.opts.gate?.();
      const batch = takeBatch(this.waiting, this.opts.maxBatch, admits && ((w) => admits(w.item)));
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(batch: Waiting<I, O>[]): Promise<void> {
    let results: (O | typeof RETRY_LATER)[];
    try {
      results = await this.run(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1 || this.opts.retryAlone?.(err) === false) batch.forEach((w) => w.reject(err));
      else await Promise.all(batch.map((w) => this.send([w])));
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i];
      if (r === RETRY_LATER) this.waiting.push(w);
      else if (i < results.length) w.resolve(r as O);
      else w.reject(new Error(`batch answered ${results.length} results for ${batch.length} items`));
    });
  }
}
