import type { MovableClock } from '../context.ts';
import { advanceClockOffset, readClockOffset } from '../db/queries/shop-clock.ts';
import type { Queryable } from '../db/queryable.ts';

/**
 * The sandbox shop's clock (issue 19, ADR 0034): the real time plus an offset kept in the database, so every
 * instance on it runs at the same shop time and a move survives a restart. `now()` stays synchronous (every rule
 * calls it): the offset lives in memory, is read at start, re-read every second (another instance's move reaches
 * this one within that second) and set at once by a move made here. Offsets only grow, so time never runs back.
 */
export class ShopClock implements MovableClock {
  private offsetMs = 0;
  private timer: NodeJS.Timeout | null = null;

  private constructor(private readonly db: Queryable) {}

  /** A clock following the database's offset until stop() is called. */
  static async start(db: Queryable, followEveryMs = 1_000): Promise<ShopClock> {
    const clock = new ShopClock(db);
    await clock.refresh();
    clock.timer = setInterval(() => void clock.refresh().catch(() => {}), followEveryMs);
    clock.timer.unref();
    return clock;
  }

  now = (): Date => new Date(Date.now() + this.offsetMs);

  /** Reads the shared offset (a move made by another instance). */
  async refresh(): Promise<void> {
    this.offsetMs = Math.max(this.offsetMs, await readClockOffset(this.db));
  }

  async moveTo(at: Date): Promise<Date> {
    const wanted = Math.max(0, Math.ceil(at.getTime() - Date.now()));
    this.offsetMs = Math.max(this.offsetMs, await advanceClockOffset(this.db, wanted));
    return this.now();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
