import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one server instance (its own registry, so two instances or test shops in one process
 * never mix their numbers). Built with the instance caches; services record through the methods below, and
 * GET /metrics (health-routes.ts) prints the registry.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is the route pattern (/api/pack/:id), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One buy_pack_batch statement: buyers sent together, buyers who bought, cards they drew. */
  purchaseBatch(buyers: number, bought: number, cards: number): void;
  /** A payment moved along its state machine. */
  paymentTransition(from: string, to: string): void;
  /** A job is scheduled every `everyMs` from now on (its lag counts from here until its first success). */
  jobScheduled(job: string, everyMs: number): void;
  /** One run of a job (all its batches until idle). */
  jobRun(job: string, seconds: number, rows: number, ok: boolean): void;
  /** Reports this pool's connections at every scrape. */
  watchPool(pool: pg.Pool): void;
}

const PREFIX = 'oripa_';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];
  /** A gauge whose values are read at each scrape: `read` sets one value per value of its one label. */
  const scrapedGauge = (
    name: string,
    help: string,
    label: string,
    read: (set: (value: string, n: number) => void) => void,
  ) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames: [label],
      registers,
      collect() {
        read((value, n) => this.set({ [label]: value }, n));
      },
    });

  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP request latency by route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const purchases = new Counter({
    name: `${PREFIX}purchases_total`,
    help: 'Pack purchases committed (one per buyer who bought)',
    registers,
  });
  const cards = new Counter({ name: `${PREFIX}cards_drawn_total`, help: 'Cards drawn by purchases', registers });
  const refused = new Counter({
    name: `${PREFIX}purchases_refused_total`,
    help: 'Buyers of a purchase batch who did not buy (rules, stock, balance, replay)',
    registers,
  });
  const batchSize = new Histogram({
    name: `${PREFIX}purchase_batch_size`,
    help: 'Buyers sent together in one buy_pack_batch statement',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers,
  });
  const transitions = new Counter({
    name: `${PREFIX}payment_transitions_total`,
    help: 'Payment state changes by from and to state',
    labelNames: ['from', 'to'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Background job runs by job and result (ok, error)',
    labelNames: ['job', 'result'] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Background job run time (all batches of one run)',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers,
  });
  const jobRows = new Counter({
    name: `${PREFIX}job_rows_total`,
    help: 'Rows handled by background jobs',
    labelNames: ['job'] as const,
    registers,
  });

  // When each job was last due to have succeeded: the lag is how far the clock is past that.
  const jobDue = new Map<string, { everyMs: number; lastOk: number }>();
  scrapedGauge(
    'job_lag_seconds',
    'How late a job is: seconds past its interval since its last successful run (0 when on time)',
    'job',
    (set) => {
      const now = Date.now();
      for (const [job, d] of jobDue) set(job, Math.max(0, (now - d.lastOk - d.everyMs) / 1000));
    },
  );

  let pool: pg.Pool | null = null;
  scrapedGauge(
    'db_pool_connections',
    'Database pool connections: total open, idle, and requests waiting for one',
    'state',
    (set) => {
      if (!pool) return;
      set('total', pool.totalCount);
      set('idle', pool.idleCount);
      set('waiting', pool.waitingCount);
    },
  );

  return {
    registry,
    request: (method, route, status, seconds) => latency.observe({ method, route, status: String(status) }, seconds),
    purchaseBatch(buyers, bought, drawn) {
      batchSize.observe(buyers);
      purchases.inc(bought);
      refused.inc(buyers - bought);
      cards.inc(drawn);
    },
    paymentTransition: (from, to) => transitions.inc({ from, to }),
    jobScheduled: (job, everyMs) => jobDue.set(job, { everyMs, lastOk: Date.now() }),
    jobRun(job, seconds, rows, ok) {
      jobRuns.inc({ job, result: ok ? 'ok' : 'error' });
      jobSeconds.observe({ job }, seconds);
      if (rows > 0) jobRows.inc({ job }, rows);
      const due = jobDue.get(job);
      if (ok && due) due.lastOk = Date.now();
    },
    watchPool(p) {
      pool = p;
    },
  };
}
