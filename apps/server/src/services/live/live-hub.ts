import {
  LIVE_COALESCE_MS,
  LIVE_HITS_KEPT,
  liveHitName,
  mergeHits,
  type LiveHit,
  type LivePackStock,
  type LiveSnapshot,
} from '@oripa/core';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { listen, type Listener } from '../../db/listener.ts';
import {
  latestDrawnCardId,
  liveHits,
  livePackIds,
  liveStock,
  PACK_LIVE_CHANNEL,
  type LiveHitRow,
  type LiveStockRow,
} from '../../db/queries/live.ts';

/** One open page: the stream route hands in how to write to it. */
export interface LiveSubscriber {
  send(chunk: string): void;
  /** Ends the stream (the instance is stopping; the page reconnects to another). */
  end(): void;
}

/** A comment line every 20 s keeps proxies and the server's 60 s idle timeout from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How long the polling fallback's reply is reused: thousands of polling pages cost one read a second. */
const SNAPSHOT_MS = 1000;
/** How far back a starting instance looks for the ticker's first hits (drawn cards, newest first). */
const FIRST_LOOK_BACK = 50_000;

const stockOf = (r: LiveStockRow): LivePackStock => ({
  id: Number(r.pack_id),
  remaining: Math.max(0, r.remaining),
  ranks: { S: r.s, A: r.a, B: r.b, C: r.c },
});

const hitOf = (r: LiveHitRow): LiveHit => ({
  id: Number(r.id),
  pack: Number(r.pack_id),
  rank: r.rank,
  card: { ja: r.name, en: r.name_en || r.name },
  image: r.image_url,
  who: liveHitName(r.initial ?? ''),
  at: r.created_at.toISOString(),
});

/** One server-sent event: its name and its data on one line (JSON has no raw newlines). */
export const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The live stock and hit ticker of one instance (issue 22 §3, ADR 0049). One LISTEN connection hears which packs
 * sold (notify_pack_live.sql, one notice per purchase statement); the hub reads their stock and the new hits at most
 * once per LIVE_COALESCE_MS, makes each event's text once and writes it to every open page. Open pages cost a
 * socket and a set entry each, nothing per purchase: the reads do not grow with the number of pages.
 *
 * It starts on first use (the first page or poll), so tests and tools that never ask for it hold no connection.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listener: Listener | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private readonly dirty = new Set<number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastFlushAt = 0;
  private lastCardId = 0;
  private hits: LiveHit[] = [];
  private snapshotCache: { at: number; value: Promise<LiveSnapshot> } | null = null;
  private listenedOnce = false;
  private stopped = false;
  /** Events sent since start (for the bench and tests). */
  events = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly coalesceMs = LIVE_COALESCE_MS,
  ) {}

  /** Open pages on this instance. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Loads the newest hits and starts listening; once, however many callers ask. */
  start(): Promise<void> {
    this.starting ??= this.begin();
    return this.starting;
  }

  private async begin() {
    this.lastCardId = await latestDrawnCardId(this.db.pool);
    const rows = await liveHits(
      this.db.pool,
      Math.max(0, this.lastCardId - FIRST_LOOK_BACK),
      this.lastCardId,
      LIVE_HITS_KEPT,
    );
    this.hits = rows.map(hitOf);
    if (this.stopped) return;
    let listening!: () => void;
    const listened = new Promise<void>((resolve) => (listening = resolve));
    this.listener = listen(this.db.url, PACK_LIVE_CHANNEL, (payload) => this.heard(payload), {
      onListening: () => {
        // After a lost connection, notices sent meanwhile are gone: every current pack is read again.
        if (this.listenedOnce) void this.markAllDirty();
        this.listenedOnce = true;
        listening();
      },
    });
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    await listened;
  }

  /** Adds a page; answers how to remove it. Its first message is the ticker's newest hits. */
  subscribe(sub: LiveSubscriber): () => void {
    this.subscribers.add(sub);
    sub.send(`retry: 3000\n${sseEvent('hits', { hits: this.hits, now: this.clock.now().toISOString() })}`);
    return () => this.subscribers.delete(sub);
  }

  /** The polling fallback: every current pack's stock and the newest hits, read at most once a second. */
  snapshot(): Promise<LiveSnapshot> {
    const now = Date.now();
    if (this.snapshotCache && now - this.snapshotCache.at < SNAPSHOT_MS) return this.snapshotCache.value;
    const value = this.readSnapshot();
    this.snapshotCache = { at: now, value };
    value.catch(() => (this.snapshotCache = null));
    return value;
  }

  private async readSnapshot(): Promise<LiveSnapshot> {
    await this.start();
    const ids = (await livePackIds(this.db.pool, this.clock.now())).map((r) => Number(r.id));
    const stock = ids.length ? await liveStock(this.db.pool, ids) : [];
    return { packs: stock.map(stockOf), hits: this.hits, now: this.clock.now().toISOString() };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flushing?.catch(() => {});
    await this.listener?.stop();
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
  }

  private heard(payload: string) {
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isSafeInteger(id) && id > 0) this.dirty.add(id);
    }
    this.schedule();
  }

  private async markAllDirty() {
    const ids = await livePackIds(this.db.pool, this.clock.now()).catch(() => []);
    for (const r of ids) this.dirty.add(Number(r.id));
    this.schedule();
  }

  /** One flush at a time, no sooner than coalesceMs after the last: the notices heard meanwhile wait for it. */
  private schedule() {
    if (this.flushTimer || this.flushing || this.stopped || this.dirty.size === 0) return;
    const wait = Math.max(0, this.lastFlushAt + this.coalesceMs - Date.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushing = this.flush()
        .catch(() => {
          // The database is away: the packs are read again at the next notice or reconnect.
        })
        .finally(() => {
          this.flushing = null;
          this.schedule();
        });
    }, wait);
  }

  private async flush() {
    this.lastFlushAt = Date.now();
    const ids = [...this.dirty];
    this.dirty.clear();
    const upTo = await latestDrawnCardId(this.db.pool);
    const [stock, rows] = await Promise.all([
      liveStock(this.db.pool, ids),
      upTo > this.lastCardId ? liveHits(this.db.pool, this.lastCardId, upTo, LIVE_HITS_KEPT) : Promise.resolve([]),
    ]);
    this.lastCardId = Math.max(this.lastCardId, upTo);
    this.snapshotCache = null;
    if (stock.length) this.broadcast(sseEvent('stock', { packs: stock.map(stockOf) }));
    if (rows.length) {
      const fresh = rows.map(hitOf);
      this.hits = mergeHits(this.hits, fresh);
      this.broadcast(sseEvent('hits', { hits: fresh, now: this.clock.now().toISOString() }));
    }
  }

  private broadcast(chunk: string) {
    this.events++;
    for (const s of this.subscribers) s.send(chunk);
  }
}
