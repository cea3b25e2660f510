/**
 * What the chaos run prints: per phase what the clients saw and how soon the shop served again after the
 * fault, then the audit of the database (the bench's books plus half-written purchases and lost mails).
 */
import pg from 'pg';
import { pct } from '../lib/bench-client.ts';
import type { Outcome } from './rush.ts';
import type { ReceivedMail } from './smtp-sink.ts';

export interface Phase {
  name: string;
  start: number;
  end: number;
  /** The fault window: from injection to its end (restart issued, PostgreSQL ready, SIGCONT, SMTP reopened). */
  faultStart?: number;
  faultEnd?: number;
  /** Which calls show that the shop serves again (e.g. those to the restarted instance). */
  served?: (o: Outcome) => boolean;
  /** Why the phase did not run. */
  skipped?: string;
}

const s = (ms: number) => (ms / 1000).toFixed(1);

/** Seconds from the fault's end to the first good reply to a call started after it, or null if none came. */
export function backAfter(p: Phase, outcomes: Outcome[]): number | null {
  if (p.faultEnd === undefined) return null;
  const firsts = outcomes.filter((o) => o.ok && o.t0 >= p.faultEnd! && (p.served ?? (() => true))(o)).map((o) => o.t1);
  return firsts.length ? (Math.min(...firsts) - p.faultEnd) / 1000 : null;
}

export function phaseTable(phases: Phase[], outcomes: Outcome[], log: (line: string) => void) {
  const head = [
    'phase',
    'fault s',
    'calls',
    'ok',
    'purchases',
    'errors',
    '503s',
    'timeouts',
    'p50 ms',
    'p99 ms',
    'back after s',
  ];
  const rows: string[][] = [];
  const details: string[] = [];
  for (const p of phases) {
    if (p.skipped) {
      rows.push([p.name, '-', '-', '-', '-', '-', '-', '-', '-', '-', 'skipped']);
      details.push(`  ${p.name}: skipped: ${p.skipped}`);
      continue;
    }
    // By when the client saw the outcome: a call cut by a fault belongs to the fault's phase.
    const mine = outcomes.filter((o) => o.t1 >= p.start && o.t1 < p.end);
    const lat = mine.map((o) => o.t1 - o.t0).sort((a, b) => a - b);
    const errors = mine.filter((o) => !o.ok);
    const kinds = new Map<string, number>();
    for (const o of errors) kinds.set(`${o.op} ${o.kind}`, (kinds.get(`${o.op} ${o.kind}`) ?? 0) + 1);
    const back = backAfter(p, outcomes);
    rows.push([
      p.name,
      p.faultStart !== undefined && p.faultEnd !== undefined ? s(p.faultEnd - p.faultStart) : '-',
      String(mine.length),
      String(mine.length - errors.length),
      String(mine.filter((o) => o.op === 'buy' && o.ok).length),
      String(errors.length),
      String(mine.filter((o) => o.status === 503).length),
      String(errors.filter((o) => o.kind === 'timeout').length),
      pct(lat, 50).toFixed(0),
      pct(lat, 99).toFixed(0),
      p.faultEnd === undefined ? '-' : back === null ? 'NOT BACK' : back.toFixed(1),
    ]);
    if (kinds.size) {
      const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8);
      details.push(`  ${p.name}: ${top.map(([k, n]) => `${n} × ${k}`).join('; ')}`);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  log(line(head));
  for (const r of rows) log(line(r));
  if (details.length) {
    log('errors by kind (call, then what the client got):');
    for (const d of details) log(d);
  }
}

export interface MailBooks {
  rows: number;
  delivered: number;
  queued: number;
  how: string;
}

/**
 * The outbox against what the SMTP sink received, matched by recipient. A row counts as still queued only when
 * the outbox has a delivery state to say so (a sent_at or status column); without one, an undelivered row is lost.
 */
export async function mailBooks(url: string, received: ReceivedMail[]): Promise<MailBooks> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows: cols } = await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'outbox_messages'`,
    );
    const has = (c: string) => cols.some((r) => r.column_name === c);
    // The status first: a mail the outbox gave up on ('failed') has no sent_at either, but it is lost.
    const pending = has('status')
      ? "status IN ('pending', 'queued', 'retry', 'retrying', 'sending')"
      : has('sent_at')
        ? 'sent_at IS NULL'
        : 'false';
    const { rows } = await pool.query<{ recipient: string; n: string; queued: string }>(
      `SELECT recipient, count(*) AS n, count(*) FILTER (WHERE ${pending}) AS queued
       FROM outbox_messages WHERE channel = 'mail' GROUP BY recipient`,
    );
    const got = new Map<string, number>();
    for (const m of received) for (const to of m.to) got.set(to, (got.get(to) ?? 0) + 1);
    let total = 0;
    let delivered = 0;
    let queued = 0;
    for (const r of rows) {
      total += Number(r.n);
      const d = Math.min(Number(r.n), got.get(r.recipient) ?? 0);
      delivered += d;
      queued += Math.min(Number(r.queued), Number(r.n) - d);
    }
    const how = pending === 'false' ? 'the outbox has no delivery state' : `queued = ${pending}`;
    return { rows: total, delivered, queued, how };
  } finally {
    await pool.end();
  }
}

/** The servers' warnings and errors (JSON log lines, level 40 and up) by message, most frequent first. */
export function logSummary(text: string): string[] {
  const byMsg = new Map<string, number>();
  for (const line of text.split('\n')) {
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // Node's own warnings (deprecations) are not the shop's log
    }
    if ((entry.level ?? 0) < 40) continue;
    const key = `${entry.level === 40 ? 'warn' : 'error'}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
    byMsg.set(key.slice(0, 160), (byMsg.get(key.slice(0, 160)) ?? 0) + 1);
  }
  const total = [...byMsg.values()].reduce((a, b) => a + b, 0);
  return [
    `servers logged ${total} warnings and errors${total ? ', most frequent:' : ''}`,
    ...[...byMsg]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, n]) => `  ${n} × ${k}`),
  ];
}
