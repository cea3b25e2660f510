import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveHitsEvent, LiveSnapshot, LiveStockEvent } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia, purchaseToken } from '../packs/pack-fixtures.ts';
import { useTestShop, type TestInstance } from '../test-shop.ts';

const t = useTestShop();
const instances: TestInstance[] = [];
afterAll(() => Promise.all(instances.map((i) => i.close())));

interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens GET /api/live/stream and collects its events until `done` says so (or 10 s pass). */
async function readStream(baseUrl: string, done: (events: SseEvent[]) => boolean, whileOpen: () => Promise<void>) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/stream`, { signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: SseEvent[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const timeout = setTimeout(() => abort.abort(), 10_000);
  let acted = false;
  try {
    while (!done(events)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
      // The first message (the ticker's hits) says the page is subscribed: now the purchases may start.
      if (!acted && events.length > 0) {
        acted = true;
        await whileOpen();
      }
    }
  } catch {
    // Aborted after 10 s: the assertions below say what was missing.
  } finally {
    clearTimeout(timeout);
    abort.abort();
  }
  return events;
}

const stockOf = (events: SseEvent[], packId: number) =>
  events
    .filter((e) => e.event === 'stock')
    .flatMap((e) => (e.data as LiveStockEvent).packs)
    .filter((p) => p.id === packId);
const hitsOf = (events: SseEvent[], packId: number) =>
  events
    .filter((e) => e.event === 'hits')
    .flatMap((e) => (e.data as LiveHitsEvent).hits)
    .filter((h) => h.pack === packId);

describe('live stock and hits (issue 22 §3)', () => {
  it('a page open on another instance hears every sale, down to sold out, with the S and A hits', async () => {
    const other = await t.shop.startInstance();
    instances.push(other);
    const packId = await buildPack(t.shop); // 20 tickets: 1 S, 2 A, 3 B, 14 C
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    // Named by their initial on the ticker, which they chose (anonymous by default: ticker-name.test.ts).
    expect((await m.client.post('/user/ticker_name', { ticker_name: 'initial' })).state).toBe(200);
    const events = await readStream(
      other.baseUrl,
      (ev) => stockOf(ev, packId).some((p) => p.remaining === 0) && hitsOf(ev, packId).length >= 3,
      async () => {
        const first = await drawVia(m.client, packId, 10);
        expect(first.buy?.state).toBe(200);
        const rest = await drawVia(m.client, packId, 10);
        expect(rest.buy?.state).toBe(200);
      },
    );
    const stock = stockOf(events, packId);
    expect(stock.at(-1)).toEqual({ id: packId, remaining: 0, ranks: { S: 0, A: 0, B: 0, C: 0 } });
    // Never more than there were, and only ever down.
    const remaining = stock.map((p) => p.remaining);
    expect(remaining).toEqual([...remaining].sort((a, b) => b - a));
    const hits = hitsOf(events, packId);
    expect(hits.map((h) => h.rank).sort()).toEqual(['A', 'A', 'S']);
    expect(new Set(hits.map((h) => h.id)).size).toBe(3);
    // The member's initial only: never the full name the factory gave them (試験 太郎).
    expect(hits.every((h) => h.who === '試***')).toBe(true);
    expect(JSON.stringify(events)).not.toContain('試験');
    expect(hits.find((h) => h.rank === 'S')?.card).toEqual({ ja: 'Sky Sovereign', en: 'Sky Sovereign' });
  });

  it('the polling fallback answers the same stock and hits in the envelope', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    expect((await drawVia(m.client, packId, 'all')).buy?.state).toBe(200);
    // The snapshot is reused for a second; the hub reads new hits at the next notice.
    await new Promise((r) => setTimeout(r, 1100));
    const reply = (await t.shop.client('en').get('/user/pack/live')) as unknown as LiveSnapshot & { state: number };
    expect(reply.state).toBe(200);
    expect(reply.packs.find((p) => p.id === packId)).toEqual({
      id: packId,
      remaining: 0,
      ranks: { S: 0, A: 0, B: 0, C: 0 },
    });
    expect(
      reply.hits
        .filter((h) => h.pack === packId)
        .map((h) => h.rank)
        .sort(),
    ).toEqual(['A', 'A', 'S']);
    expect(Number.isNaN(Date.parse(reply.now))).toBe(false);
  });

  it('one notice per purchase statement, not per card or buyer, and none for a rolled-back one', async () => {
    const packId = await buildPack(t.shop);
    const buyers = await Promise.all([1, 2, 3].map(() => buildMember(t.shop, { paidPoints: 1_000 })));
    const listener = new pg.Client({ connectionString: t.shop.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN pack_live');
    try {
      const pool = t.shop.ctx.db.pool;
      const batch = [buyers.map((b) => b.id), [3, 3, 3], [100, 100, 100], buyers.map(() => purchaseToken()), [3, 3, 3]];
      const call = 'SELECT * FROM buy_pack_batch($1, $2, $3, $4, $5, $6, $7)';
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(call, [packId, ...batch, t.shop.clock.now()]);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      const { rows } = await pool.query(call, [packId, ...batch, t.shop.clock.now()]);
      expect(rows.filter((r) => r.reason === null)).toHaveLength(9);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([String(packId)]);
    } finally {
      await listener.end();
    }
  });
});
