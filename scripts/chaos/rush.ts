/**
 * The clients of the chaos run: buyers doing check + buy in a loop (a failed buy is retried with the same token,
 * which is idempotent, as the web app does before it shows an error), one mail requester asking for password
 * reset mails from rotating loopback addresses, and one payer buying points by card. Every call has a timeout and every outcome is recorded with its
 * start and end time, so the report can cut the run into phases afterwards.
 */
import { Buyer, type Reply } from '../lib/bench-client.ts';

export type Op = 'check' | 'buy' | 'mail' | 'pay';

export interface Outcome {
  op: Op;
  port: number;
  t0: number;
  t1: number;
  ok: boolean;
  /** 'ok', 'HTTP 503 state 9999', 'timeout', 'ECONNREFUSED', … */
  kind: string;
  status: number;
  /** A buy answered 200 only on a retry with the same token. */
  retried?: boolean;
}

export interface RushOptions {
  buyers: Buyer[];
  concurrency: number;
  packId: number;
  /** The servers the buyers and the mail requester use. */
  ports: number[];
  mailRecipients: string[];
  /** Mail requests per second (each from the next of 40 loopback addresses, so the per-IP limit does not bite). */
  mailRate: number;
  timeoutMs: number;
  /** Members buying points by card (one at a time, `payRate` per second) on a server whose provider can be cut. */
  payers: Buyer[];
  courseId: number;
  payRate: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

export class Rush {
  readonly outcomes: Outcome[] = [];
  purchasesSeen = 0;
  cardsSeen = 0;
  mailsAccepted = 0;
  paymentsCredited = 0;
  private stopped = false;
  private running: Promise<unknown> | null = null;

  constructor(private readonly o: RushOptions) {}

  private async call(b: Buyer, op: Op, p: string, params: unknown): Promise<{ reply: Reply | null; out: Outcome }> {
    const t0 = performance.now();
    let reply: Reply | null = null;
    let kind: string;
    try {
      reply = await b.send('POST', p, params, this.o.timeoutMs);
      const state = reply.env?.state;
      kind =
        reply.status === 200 && state === 200
          ? 'ok'
          : `HTTP ${reply.status}${state === undefined ? ' (not JSON)' : ` state ${String(state)}`}${reply.env?.reason ? ` ${String(reply.env.reason)}` : ''}`;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      kind = e.code ?? e.message;
    }
    const out: Outcome = {
      op,
      port: b.port,
      t0,
      t1: performance.now(),
      ok: kind === 'ok',
      kind,
      status: reply?.status ?? 0,
    };
    this.outcomes.push(out);
    return { reply, out };
  }

  private async buyer(w: number) {
    const mine = this.o.buyers.filter((_, i) => i % this.o.concurrency === w);
    const checkJson = { pack_id: this.o.packId, count: 1 };
    for (let n = 0; !this.stopped; n++) {
      const b = mine[n % mine.length]!;
      // A buyer whose reply carried no CSRF pair (a crash page) fetches a fresh one first.
      if (!b.csrf) await b.send('GET', '/user/point', undefined, this.o.timeoutMs).catch(() => null);
      const check = await this.call(b, 'check', '/user/pack/check', checkJson);
      if (!check.out.ok) {
        await sleep(200);
        continue;
      }
      const token = check.reply!.env!.token;
      // Backing off 0.5, 1, 2, 4, 8 s covers a database coming back; it goes on after stop() (still bounded), so a
      // purchase whose reply was cut is not counted as unseen only because the run ended. A retry after a failed
      // connection goes to the next server, as a load balancer would send it (sessions work on every instance).
      let via = b;
      for (let attempt = 0; attempt < RETRY_DELAYS_MS.length + 1; attempt++) {
        if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]!);
        const buy = await this.call(via, 'buy', '/user/pack/buy', { token });
        if (buy.out.ok) {
          buy.out.retried = attempt > 0;
          this.purchasesSeen++;
          this.cardsSeen += (buy.reply!.env!.cards as unknown[]).length;
          break;
        }
        // A refusal in the envelope (a 4xx state) is final; a lost or failed reply is worth the same token again.
        if (buy.out.status >= 400 && buy.out.status < 500) break;
        if (buy.out.status === 0) via = this.elsewhere(via);
      }
      b.sid = via.sid;
      b.csrf = via.csrf;
    }
  }

  /** The same member's session on the next server. */
  private elsewhere(b: Buyer): Buyer {
    const ports = this.o.ports;
    const other = new Buyer(ports[(ports.indexOf(b.port) + 1) % ports.length]!);
    other.sid = b.sid;
    other.csrf = b.csrf;
    return other;
  }

  private async mailer() {
    const clients = new Map<string, Buyer>();
    for (let n = 0; !this.stopped; n++) {
      const port = this.o.ports[n % this.o.ports.length]!;
      const from = `127.0.0.${10 + (n % 40)}`;
      const key = `${port}/${from}`;
      const b = clients.get(key) ?? clients.set(key, new Buyer(port, '127.0.0.1', from)).get(key)!;
      const next = sleep(1_000 / this.o.mailRate);
      if (!b.csrf) await b.send('GET', '/user/point', undefined, this.o.timeoutMs).catch(() => null);
      const mail = this.o.mailRecipients[n % this.o.mailRecipients.length];
      const r = await this.call(b, 'mail', '/user/reset_password', { mail });
      if (r.out.ok) this.mailsAccepted++;
      await next;
    }
  }

  private async payer() {
    for (let n = 0; !this.stopped && this.o.payers.length; n++) {
      const next = sleep(1_000 / this.o.payRate);
      const b = this.o.payers[n % this.o.payers.length]!;
      const r = await this.call(b, 'pay', '/user/point/buy', {
        point_price_id: this.o.courseId,
        pay_id: 1,
        token: 'tok_visa',
      });
      if (r.out.ok && r.reply?.env?.result === '1') this.paymentsCredited++;
      await next;
    }
  }

  start() {
    this.running = Promise.all([
      ...Array.from({ length: this.o.concurrency }, (_, w) => this.buyer(w)),
      this.mailer(),
      this.payer(),
    ]);
  }

  /** Stops the loops; resolves when every call in flight and its retries have ended (each bounded). */
  async stop() {
    this.stopped = true;
    await this.running;
  }
}
