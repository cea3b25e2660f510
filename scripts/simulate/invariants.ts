/**
 * The business invariants of a shop database after a simulated month, read straight from its tables (a script's
 * SQL; the shop's own queries stay in apps/server/src/db/queries). Each answers OK or FAILED with its figures and
 * how many rows it examined, so a check that looked at nothing cannot pass unseen.
 */
import { addMonthsTokyo, POINT_VALIDITY_MONTHS } from '@oripa/core';
import pg from 'pg';
import { auditDatabase } from '../lib/database-audit.ts';

export interface Invariant {
  name: string;
  ok: boolean;
  detail: string;
  /** Rows (members, lots, orders, …) the check examined. */
  examined: number;
}

type Pool = pg.Pool;
const num = async (db: Pool, sql: string, params: unknown[] = []) =>
  Number(Object.values((await db.query(sql, params)).rows[0] ?? { n: 0 })[0] ?? 0);

/** Every balance equals its ledger and lots (scripts/lib/database-audit.ts, as after a restore). */
export async function balancesMatchLedger(db: Pool, url: string): Promise<Invariant> {
  const checks = await auditDatabase(url);
  const failed = checks.filter(([, ok]) => !ok);
  return {
    name: 'every point and coin balance equals its ledger and its lots',
    ok: failed.length === 0,
    detail: failed.length ? failed.map(([n, , d]) => `${n}: ${d}`).join('; ') : checks[0]![2],
    examined: await num(db, 'SELECT count(*) FROM members'),
  };
}

/** A rank's bonus (ranks 2-6) or its reward card (rank 7) is paid at most once per member and rank. */
export async function rankRewardsOnce(db: Pool): Promise<Invariant> {
  const { rows } = await db.query<{ member_id: string; to_rank: number; n: number }>(
    `SELECT e.member_id, e.to_rank, count(*)::int AS n
       FROM rank_events e
      WHERE e.kind = 'rank_up'
        AND (e.bonus_point > 0 OR EXISTS (SELECT 1 FROM rank_card_rewards c WHERE c.rank_event_id = e.id))
      GROUP BY 1, 2 HAVING count(*) > 1 ORDER BY 1, 2`,
  );
  const ups = await num(db, "SELECT count(*) FROM rank_events WHERE kind = 'rank_up'");
  const lapses = await num(db, "SELECT count(*) FROM rank_events WHERE kind = 'month_end' AND to_rank < from_rank");
  const paid = await num(db, "SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE reason = 'rank_up_bonus'");
  const twice = rows.length;
  const extra = rows.reduce((s, r) => s + r.n - 1, 0);
  const example = rows
    .slice(0, 3)
    .map((r) => `member ${r.member_id} rank ${r.to_rank} x${r.n}`)
    .join(', ');
  return {
    name: 'no rank-up bonus or rank-7 reward card paid twice for one member and rank',
    ok: twice === 0,
    detail:
      `${ups} rank-ups, ${lapses} lapses at month end, ${paid} bonus points; ` +
      `${twice} member-ranks paid more than once (${extra} extra payments${example ? `: ${example}` : ''})`,
    examined: ups,
  };
}

/**
 * Points expire exactly 6 months (Tokyo calendar) after their grant, never early, and within the expiry job's
 * interval of falling due, plus `slackMs`: between two clock moves the shop's time runs on with the real time while
 * the day's members act, so the first job run after a lot falls due can be that much more than an interval later.
 */
export async function pointsExpireOnTime(
  db: Pool,
  now: Date,
  jobIntervalMs: number,
  slackMs: number,
): Promise<Invariant> {
  const { rows } = await db.query<{ granted_at: Date; expires_at: Date; expired_at: Date | null; remaining: string }>(
    'SELECT granted_at, expires_at, expired_at, remaining FROM point_lots',
  );
  const limit = jobIntervalMs + slackMs;
  let wrongTerm = 0;
  let early = 0;
  let late = 0;
  let unexpired = 0;
  let expired = 0;
  let latest = 0;
  for (const l of rows) {
    const due = l.expires_at.getTime();
    if (due !== addMonthsTokyo(l.granted_at, POINT_VALIDITY_MONTHS).getTime()) wrongTerm++;
    if (l.expired_at) {
      expired++;
      const after = l.expired_at.getTime() - due;
      latest = Math.max(latest, after);
      if (after < 0) early++;
      else if (after > limit) late++;
    } else if (Number(l.remaining) > 0 && now.getTime() > due + limit) unexpired++;
  }
  return {
    name: 'points expire exactly at 6 months (none early, none left past expiry + the job interval)',
    ok: wrongTerm + early + late + unexpired === 0,
    detail:
      `${rows.length} lots, ${expired} expired, the latest ${Math.round(latest / 60_000)} min after falling due ` +
      `(allowed ${Math.round(limit / 60_000)}); ${wrongTerm} with another term, ${early} early, ${late} late, ` +
      `${unexpired} left unexpired`,
    examined: rows.length,
  };
}

/** No convenience-store order is credited after its payment deadline. */
export async function noLateKonbiniCredit(db: Pool): Promise<Invariant> {
  const { rows } = await db.query<{ orders: number; credited: number; lapsed: number; late: number }>(
    `SELECT count(*)::int AS orders,
            count(*) FILTER (WHERE status = 'succeeded')::int AS credited,
            count(*) FILTER (WHERE status IN ('cancelled', 'expired'))::int AS lapsed,
            count(*) FILTER (WHERE credited_at > expires_at OR (status = 'succeeded' AND expires_at IS NULL))::int AS late
       FROM payments WHERE pay_id = 2`,
  );
  const r = rows[0]!;
  return {
    name: 'no convenience-store order credited after its deadline',
    ok: r.late === 0,
    detail: `${r.orders} orders: ${r.credited} paid in time, ${r.lapsed} lapsed unpaid, ${r.late} credited late`,
    examined: r.orders,
  };
}

export interface BalanceSnapshot {
  at: Date;
  paidPoints: number;
  freePoints: number;
  coins: number;
}

/** The shop's unused balances right now, from the members' lots and coin balances (taken at the base date). */
export async function snapshotBalances(db: Pool, at: Date): Promise<BalanceSnapshot> {
  const { rows } = await db.query<{ paid: string; free: string; coins: string }>(
    `SELECT (SELECT COALESCE(sum(remaining) FILTER (WHERE kind = 'paid'), 0) FROM point_lots WHERE expired_at IS NULL) AS paid,
            (SELECT COALESCE(sum(remaining) FILTER (WHERE kind = 'free'), 0) FROM point_lots WHERE expired_at IS NULL) AS free,
            (SELECT COALESCE(sum(coin_balance), 0) FROM members) AS coins`,
  );
  const r = rows[0]!;
  return { at, paidPoints: Number(r.paid), freePoints: Number(r.free), coins: Number(r.coins) };
}

/** The console's unused-balance report (資金決済法) for the base date equals the balances held at that moment. */
export function unusedBalanceReportMatches(
  report: { paid_points: number; free_points: number; coins: number; unused_yen: number },
  held: BalanceSnapshot,
  members: number,
): Invariant {
  const same =
    report.paid_points === held.paidPoints &&
    report.free_points === held.freePoints &&
    report.coins === held.coins &&
    report.unused_yen === held.paidPoints;
  return {
    name: 'the unused-balance report equals the ledger at its base date',
    ok: same,
    detail:
      `report paid ${report.paid_points} / free ${report.free_points} / coins ${report.coins} / unused yen ` +
      `${report.unused_yen}; held paid ${held.paidPoints} / free ${held.freePoints} / coins ${held.coins}`,
    examined: members,
  };
}

/** Points or coins of the credited payments for courses of `currency`. */
const paid = (db: Pool, currency: 'point' | 'coin') =>
  num(
    db,
    `SELECT COALESCE(sum(p.point), 0) FROM payments p JOIN point_courses c ON c.id = p.point_course_id
      WHERE p.status = 'succeeded' AND c.currency = $1`,
    [currency],
  );

// Every reason a point or coin balance may grow by, and the rule that names it.
const GRANT_REASONS = [
  'point_purchase', // a credited payment's points
  'rank_bonus', // the rank's bonus on a payment (append_point)
  'coupon',
  'coupon_bonus',
  'card_conversion', // drawn cards converted by the member
  'auto_conversion', // drawn cards left 24 hours
  'exchange_conversion',
  'exchange_auto_conversion', // an exchanged card left undecided
  'rank_card_conversion',
  'rank_up_bonus',
  'referral',
  'referral_welcome',
  'sms_bonus',
  'sns_campaign',
  'campaign',
  'daily_draw',
  'partner_transfer',
  'staff_adjustment',
  'coin_purchase',
  'seed', // the demo shop's own data
  'sandbox',
] as const;

/**
 * No money created: what left the shop (spent, converted out, expired, forfeited) plus what is held never exceeds
 * what was paid for plus what a named rule granted; every grant's reason is one of those rules, and the biggest
 * grants agree with the records they come from (payments, converted cards, rank-ups, staff adjustments).
 */
export async function noMoneyCreated(db: Pool): Promise<Invariant> {
  const { rows } = await db.query<{ currency: string; reason: string; grants: string; takes: string; n: number }>(
    `SELECT currency, reason, COALESCE(sum(amount) FILTER (WHERE amount > 0), 0) AS grants,
            COALESCE(-sum(amount) FILTER (WHERE amount < 0), 0) AS takes, count(*)::int AS n
       FROM ledger_entries GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const unnamed = rows.filter((r) => Number(r.grants) > 0 && !(GRANT_REASONS as readonly string[]).includes(r.reason));
  const sum = (currency: string, reason: string, col: 'grants' | 'takes') =>
    rows.filter((r) => r.currency === currency && r.reason === reason).reduce((s, r) => s + Number(r[col]), 0);
  const total = (currency: string, col: 'grants' | 'takes') =>
    rows.filter((r) => r.currency === currency).reduce((s, r) => s + Number(r[col]), 0);
  const held = await db.query<{ points: string; coins: string }>(
    'SELECT COALESCE(sum(point_balance), 0) AS points, COALESCE(sum(coin_balance), 0) AS coins FROM members',
  );
  const points = Number(held.rows[0]!.points);
  const coins = Number(held.rows[0]!.coins);
  const sources: [string, number, number][] = [
    ['point_purchase = credited point payments', sum('point', 'point_purchase', 'grants'), await paid(db, 'point')],
    ['coin_purchase = credited coin payments', sum('coin', 'coin_purchase', 'grants'), await paid(db, 'coin')],
    [
      'rank_bonus = payments append_point',
      sum('point', 'rank_bonus', 'grants'),
      await num(db, "SELECT COALESCE(sum(append_point), 0) FROM payments WHERE status = 'succeeded'"),
    ],
    [
      'card_conversion + auto_conversion = converted cards returned_point',
      sum('point', 'card_conversion', 'grants') + sum('point', 'auto_conversion', 'grants'),
      await num(db, "SELECT COALESCE(sum(returned_point), 0) FROM purchase_cards WHERE status = 'convert'"),
    ],
    [
      'rank_up_bonus = rank-ups bonus_point (ranks 2-6)',
      sum('point', 'rank_up_bonus', 'grants'),
      await num(db, "SELECT COALESCE(sum(bonus_point), 0) FROM rank_events WHERE kind = 'rank_up' AND to_rank < 7"),
    ],
    [
      'staff adjustments = audited adjustments',
      rows.filter((r) => r.reason === 'staff_adjustment').reduce((s, r) => s + r.n, 0),
      await num(db, "SELECT count(*) FROM audit_log WHERE action = 'member.adjust'"),
    ],
  ];
  const off = sources.filter(([, a, b]) => a !== b);
  const pointsIn = total('point', 'grants');
  const pointsOut = total('point', 'takes');
  const coinsIn = total('coin', 'grants');
  const coinsOut = total('coin', 'takes');
  const ok = unnamed.length === 0 && off.length === 0 && pointsOut + points <= pointsIn && coinsOut + coins <= coinsIn;
  return {
    name: 'no money created (out + held <= paid for + granted by a named rule, each grant reason accounted)',
    ok,
    detail:
      `points: out ${pointsOut} + held ${points} <= in ${pointsIn}; coins: out ${coinsOut} + held ${coins} <= in ${coinsIn}; ` +
      `${rows.length} ledger reasons, unnamed grants: ${unnamed.map((r) => r.reason).join(', ') || 'none'}; ` +
      (off.length ? `disagreeing: ${off.map(([n, a, b]) => `${n} (${a} vs ${b})`).join('; ')}` : 'sources agree'),
    examined: rows.reduce((s, r) => s + r.n, 0),
  };
}

/** No ticket drawn twice: purchase_cards unique per pack and ticket, and no pack drew more than it has. */
export async function noTicketTwice(db: Pool): Promise<Invariant> {
  const { rows } = await db.query<{ cards: number; distinct_tickets: number; over: number; off: number }>(
    `SELECT (SELECT count(*)::int FROM purchase_cards) AS cards,
            (SELECT count(*)::int FROM (SELECT DISTINCT pack_id, ticket_no FROM purchase_cards) t) AS distinct_tickets,
            (SELECT count(*)::int FROM pack_stock WHERE drawn > total) AS over,
            (SELECT count(*)::int FROM pack_stock s
              WHERE s.drawn <> (SELECT count(*) FROM purchase_cards c WHERE c.pack_id = s.pack_id AND NOT c.last_one)) AS off`,
  );
  const r = rows[0]!;
  return {
    name: 'no ticket drawn twice (purchase_cards unique, drawn <= total)',
    ok: r.cards === r.distinct_tickets && r.over === 0 && r.off === 0,
    detail: `${r.cards} cards, ${r.distinct_tickets} distinct tickets; ${r.over} packs over their total, ${r.off} packs whose cursor disagrees with their cards`,
    examined: r.cards,
  };
}

export function printInvariants(list: Invariant[], log: (line: string) => void): boolean {
  for (const i of list) log(`${i.ok ? 'OK    ' : 'FAILED'} ${i.name}: ${i.detail}`);
  const ok = list.every((i) => i.ok);
  log(`verdict: ${ok ? 'OK' : 'FAILED'}`);
  return ok;
}
