/**
 * Live stock and hits under many open pages (issue 22 §3, ADR 0049): N server-sent-event clients hold
 * GET /api/live/stream open on one shop while buyers draw from a pack; prints what the open pages cost the server
 * (its RSS and CPU, idle and while selling) and how long a sale took to reach every page (p50/p99).
 *
 *   npm run bench:live                                   # 5,000 pages, 8 buyers, 20 s, embedded PostgreSQL
 *   npm run bench:live -- --clients 10000 --buyers 16 --duration 30
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live   # external server (fresh db)
 *
 * Delivery latency of a sale to a page: from the moment its buyer's reply arrived to the moment that page received
 * the first stock event showing the pack's remaining count at or below what the sale left. It includes the
 * coalescing wait (at most one stock event per pack per 250 ms), which is most of it by design.
 * Everything stays on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { Buyer, logInAll, RawConnection } from './lib/bench-client.ts';
import { prepare, startServer } from './lib/bench-shop.ts';
import { benchDatabase } from './lib/bench-database.ts';

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    buyers: { type: 'string', default: '8' },
    duration: { type: 'string', default: '20' },
    idle: { type: 'string', default: '10' },
    tickets: { type: 'string', default: '200000' },
  },
});
const CLIENTS = Number(opt.clients);
const BUYERS = Number(opt.buyers);
const DURATION_S = Number(opt.duration);
const IDLE_S = Number(opt.idle);
const TICKETS = Number(opt.tickets);
const PASS = 'bench1234';
const log = (...a: unknown[]) => console.log(...a);

/** A process's resident memory (MB) and CPU time so far (ms), from /proc. */
function usage(pid: number): { rssMb: number; cpuMs: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rssPages = Number(f[21]);
  return { rssMb: (rssPages * 4096) / 1e6, cpuMs: (Number(f[11]) + Number(f[12])) * 10 };
}

/** One open page: a raw socket reading the event stream; keeps (time, remaining) of each stock event of the pack. */
class Page {
  readonly events: { t: number; remaining: number }[] = [];
  private socket: net.Socket;
  private buf = '';
  opened = false;
  closed = false;
  constructor(port: number, packId: number, onOpen: () => void) {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.setEncoding('utf8');
    this.socket.on('connect', () =>
      this.socket.write(`GET /api/live/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
    );
    const marker = `"id":${packId},"remaining":`;
    this.socket.on('data', (d: string) => {
      const t = performance.now();
      if (!this.opened && d.startsWith('HTTP/1.1 200')) {
        this.opened = true;
        onOpen();
      }
      this.buf += d;
      let cut: number;
      while ((cut = this.buf.indexOf('\n\n')) >= 0) {
        const block = this.buf.slice(0, cut);
        this.buf = this.buf.slice(cut + 2);
        if (!block.includes('event: stock')) continue;
        const at = block.indexOf(marker);
        if (at >= 0) this.events.push({ t, remaining: parseInt(block.slice(at + marker.length), 10) });
      }
    });
    this.socket.on('error', () => (this.closed = true));
    this.socket.on('close', () => (this.closed = true));
  }
  close() {
    this.socket.destroy();
  }
}

async function main() {
  const db = await benchDatabase('benchlive_');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const pages: Page[] = [];
  try {
    log(`preparing: ${BUYERS} buyers, one pack of ${TICKETS} tickets …`);
    const { packId, mails } = await prepare(db.url, { members: BUYERS, tickets: TICKETS, price: 100, pass: PASS });
    server = await startServer(db.url, { pool: '10', env: { JOBS: '0' } });
    const pid = server.proc.pid!;
    const base = usage(pid);
    log(`server: port ${server.port}, RSS ${base.rssMb.toFixed(0)} MB before any page`);

    // Open the pages, 250 at a time.
    const t0 = performance.now();
    let open = 0;
    for (let i = 0; i < CLIENTS; i += 250) {
      const batch = Array.from({ length: Math.min(250, CLIENTS - i) }, () => {
        let done!: () => void;
        const p = new Promise<void>((r) => (done = r));
        pages.push(new Page(server!.port, packId, () => (open++, done())));
        return Promise.race([p, new Promise((r) => setTimeout(r, 10_000))]);
      });
      await Promise.all(batch);
    }
    log(`pages: ${open} of ${CLIENTS} open in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const idleFrom = usage(pid);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const idleTo = usage(pid);
    const idleCpu = (idleTo.cpuMs - idleFrom.cpuMs) / IDLE_S / 10;
    log(
      `idle with ${open} pages: RSS ${idleTo.rssMb.toFixed(0)} MB (+${(idleTo.rssMb - base.rssMb).toFixed(0)} MB over none, ` +
        `${(((idleTo.rssMb - base.rssMb) * 1000) / Math.max(1, open)).toFixed(1)} kB a page), CPU ${idleCpu.toFixed(1)} % of a core`,
    );

    // Buy: BUYERS buyers, 1-draws, back to back, for DURATION_S.
    const buyers = mails.map(() => new Buyer(server!.port));
    await logInAll(buyers, mails, PASS);
    const sales: { t: number; left: number }[] = [];
    let errors = 0;
    const stopAt = performance.now() + DURATION_S * 1000;
    const sellFrom = usage(pid);
    await Promise.all(
      buyers.map(async (b) => {
        const conn = new RawConnection(server!.port);
        const checkJson = JSON.stringify({ pack_id: packId, count: 1 });
        while (performance.now() < stopAt) {
          const check = await conn.post(b, '/user/pack/check', checkJson);
          if (check.state !== 200) {
            errors++;
            continue;
          }
          const buy = await conn.post(b, '/user/pack/buy', JSON.stringify({ token: check.token }));
          if (buy.state !== 200) {
            errors++;
            continue;
          }
          const t = performance.now();
          for (const c of buy.cards as { num: number }[]) sales.push({ t, left: TICKETS - c.num });
        }
        conn.close();
      }),
    );
    const sellTo = usage(pid);
    // Let the last events arrive.
    await new Promise((r) => setTimeout(r, 1500));

    // Each sale's delivery to each page: the first stock event at or below what the sale left.
    sales.sort((a, b) => b.left - a.left);
    const histogram = new Uint32Array(60_001);
    let delivered = 0;
    let missed = 0;
    for (const page of pages) {
      let j = 0;
      for (const s of sales) {
        while (j < page.events.length && page.events[j]!.remaining > s.left) j++;
        if (j >= page.events.length) {
          missed++;
          continue;
        }
        histogram[Math.min(60_000, Math.max(0, Math.round(page.events[j]!.t - s.t)))]!++;
        delivered++;
      }
    }
    const at = (p: number) => {
      let seen = 0;
      for (let ms = 0; ms < histogram.length; ms++) {
        seen += histogram[ms]!;
        if (seen >= (p / 100) * delivered) return ms;
      }
      return NaN;
    };
    const stockEvents = pages.reduce((n, p) => n + p.events.length, 0) / Math.max(1, pages.length);
    const sellCpu = (sellTo.cpuMs - sellFrom.cpuMs) / DURATION_S / 10;
    log('');
    log(`results (${open} open pages, ${BUYERS} buyers, ${DURATION_S} s of sales):`);
    log(`  sales: ${sales.length} draws (${(sales.length / DURATION_S).toFixed(0)}/s), errors ${errors}`);
    log(`  stock events per page: ${stockEvents.toFixed(0)} (${(stockEvents / DURATION_S).toFixed(1)}/s)`);
    log(`  server while selling: RSS ${sellTo.rssMb.toFixed(0)} MB, CPU ${sellCpu.toFixed(1)} % of a core`);
    log(
      `  server idle with the pages open: CPU ${idleCpu.toFixed(1)} % of a core, +${(idleTo.rssMb - base.rssMb).toFixed(0)} MB`,
    );
    log(`  delivery latency ms (sale reply → page): p50 ${at(50)}  p99 ${at(99)}  max ${at(100)}`);
    log(
      `  deliveries: ${delivered}, not delivered: ${missed}, pages closed early: ${pages.filter((p) => p.closed).length}`,
    );
    log(
      `live: pages ${open}, draws ${sales.length}, p50 ms ${at(50)}, p99 ms ${at(99)}, idle cpu % ${idleCpu.toFixed(1)}, selling cpu % ${sellCpu.toFixed(1)}, rss mb ${sellTo.rssMb.toFixed(0)}`,
    );
  } finally {
    for (const p of pages) p.close();
    server?.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.cleanup();
  }
}

await main();
