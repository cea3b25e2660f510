/**
 * One simulation on a running sandbox shop: open it, drive the month, audit the database. Shared by
 * `npm run simulate` (its own shop) and scripts/simulate.test.ts (a test shop).
 */
import pg from 'pg';
import type { AppContext } from '../../apps/server/src/context.ts';
import { expirePointsJob } from '../../apps/server/src/jobs/expire-points.ts';
import { runSimulation } from './driver.ts';
import {
  balancesMatchLedger,
  noLateKonbiniCredit,
  noMoneyCreated,
  noTicketTwice,
  pointsExpireOnTime,
  rankRewardsOnce,
  snapshotBalances,
  unusedBalanceReportMatches,
  type BalanceSnapshot,
  type Invariant,
} from './invariants.ts';
import type { Figures } from './members.ts';
import { openShop } from './open-shop.ts';
import { clockNow, signInStaff } from './sandbox.ts';

/** Real time a simulated day's actions may take between two clock moves (the shop's time runs on meanwhile). */
const DAY_SLACK_MS = 10 * 60_000;

export interface RunOptions {
  ctx: AppContext;
  baseUrl: string;
  databaseUrl: string;
  days: number;
  members: number;
  seed: number;
  /** Days between the opening (founders buy their ranks) and the month. */
  prologueDays: number;
  log: (line: string) => void;
}

export interface RunResult {
  invariants: Invariant[];
  figures: Figures;
  ok: boolean;
}

export async function simulate(o: RunOptions): Promise<RunResult> {
  const timeline = await openShop(o.ctx, o.days, o.prologueDays);
  const db = new pg.Pool({ connectionString: o.databaseUrl, max: 2 });
  try {
    let held: BalanceSnapshot | null = null;
    const { figures } = await runSimulation({
      baseUrl: o.baseUrl,
      members: o.members,
      seed: o.seed,
      timeline,
      log: o.log,
      atBaseDate: async () => {
        held = await snapshotBalances(db, timeline.baseEnd);
      },
    });
    if (!held) throw new Error('the month never reached its base date');
    const staff = await signInStaff(new URL(o.baseUrl), 'owner');
    const report = (await staff.get(`/admin/operations/unused-balance?date=${timeline.baseDate}`)).rows as {
      paid_points: number;
      free_points: number;
      coins: number;
      unused_yen: number;
    }[];
    const members = Number((await db.query('SELECT count(*) AS n FROM members')).rows[0].n);
    // The books' side of the table: each ledger reason's rows and sum, as the database has them.
    const { rows: ledger } = await db.query<{ currency: string; reason: string; n: number; total: string }>(
      'SELECT currency, reason, count(*)::int AS n, sum(amount) AS total FROM ledger_entries GROUP BY 1, 2',
    );
    for (const r of ledger) {
      figures.add(`ledger ${r.currency} ${r.reason}: rows`, r.n);
      figures.add(`ledger ${r.currency} ${r.reason}: sum`, Number(r.total));
    }
    const invariants = [
      await balancesMatchLedger(db, o.databaseUrl),
      await rankRewardsOnce(db),
      await pointsExpireOnTime(db, await clockNow(staff), expirePointsJob.everyMs, DAY_SLACK_MS),
      await noLateKonbiniCredit(db),
      unusedBalanceReportMatches(report[0]!, held, members),
      await noMoneyCreated(db),
      await noTicketTwice(db),
    ];
    return { invariants, figures, ok: invariants.every((i) => i.ok) };
  } finally {
    await db.end();
  }
}

/** The final figures table: what the members did, and what the jobs handled. */
export function figuresTable(figures: Figures): string[] {
  const rows = [...figures.counts].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([k]) => k.length), 10);
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${String(v).padStart(10)}`);
}
