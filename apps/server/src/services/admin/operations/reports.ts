import { formatTokyo, ledgerLabel, type Lang } from '@oripa/core';
import {
  baseDatesBefore,
  DEPOSIT_THRESHOLD_YEN,
  toCsv,
  tokyoMonthRange,
  unusedBalanceFigures,
  type UnusedBalanceReport,
} from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import {
  openPointsByExpiry,
  pointMovementIds,
  pointMovementsBatch,
  salesBatch,
  unusedBalancesThrough,
} from '../../../db/queries/admin-reports.ts';

/**
 * The unused-balance report (資金決済法): today's balance and when its lots expire, and the balance at the given
 * base date or at the last six that have ended; each paid and free apart, in yen, against the ¥10,000,000
 * threshold. All from the per-day figures (ADR 0040): today's points are those left in lots, by expiry day.
 */
export async function unusedBalanceReport(ctx: AppContext, date?: string): Promise<UnusedBalanceReport> {
  const now = ctx.clock.now();
  const dates = date ? [date] : baseDatesBefore(now, 6);
  const db = ctx.db.pool;
  const today = formatTokyo(now).slice(0, 10);
  const [rows, open, throughToday] = await Promise.all([
    Promise.all(dates.map(async (d) => ({ date: d, ...unusedBalanceFigures(await unusedBalancesThrough(db, d)) }))),
    openPointsByExpiry(db, today),
    unusedBalancesThrough(db, today),
  ]);
  const expiry = open.map((l) => ({
    month: l.month,
    overdue: l.overdue,
    paid_points: Number(l.paid_points),
    free_points: Number(l.free_points),
  }));
  const sum = (k: 'paid_points' | 'free_points') => expiry.reduce((n, l) => n + l[k], 0);
  const current = unusedBalanceFigures({
    paid_points: sum('paid_points'),
    free_points: sum('free_points'),
    coins: throughToday.coins,
  });
  return { threshold_yen: DEPOSIT_THRESHOLD_YEN, today: { at: formatTokyo(now), ...current }, expiry, rows };
}

/** Payment methods by name in the staff's language (the monthly sales CSV). */
const PAY_NAMES: Record<number, Record<Lang, string>> = {
  1: { ja: 'クレジットカード', en: 'Credit card' },
  2: { ja: 'コンビニ', en: 'Convenience store' },
  3: { ja: 'PayPal', en: 'PayPal' },
  4: { ja: '銀行振込', en: 'Bank transfer' },
  5: { ja: 'ウォレット', en: 'Wallet' },
  6: { ja: 'キャリア決済', en: 'Carrier billing' },
  7: { ja: 'クレジットカード(3Dセキュア)', en: 'Credit card (3-D Secure)' },
  8: { ja: 'PayPay', en: 'PayPay' },
  // Retired on 2025-04-23 (ADR 0041); kept for the months it was paid with.
  9: { ja: 'LINE Pay', en: 'LINE Pay' },
  10: { ja: 'メルペイ', en: 'Merpay' },
  11: { ja: 'au PAY', en: 'au PAY' },
  12: { ja: 'Google Pay', en: 'Google Pay' },
  13: { ja: 'Paidy', en: 'Paidy' },
  14: { ja: 'Apple Pay', en: 'Apple Pay' },
};

const HEADERS: Record<MonthlyKind, Record<Lang, string[]>> = {
  sales: {
    ja: [
      '入金日時',
      '決済ID',
      '会員ID',
      '決済方法',
      '決済会社',
      '金額(円)',
      '購入ポイント',
      'ランク特典',
      'クーポン特典',
    ],
    en: [
      'Credited at',
      'Payment ID',
      'Member ID',
      'Method',
      'Gateway',
      'Amount (yen)',
      'Points bought',
      'Rank bonus',
      'Coupon bonus',
    ],
  },
  points: {
    ja: ['日時', '台帳ID', '会員ID', '増減', '残高', '理由', '理由コード', '参照種別', '参照ID', 'メモ'],
    en: [
      'Time',
      'Ledger ID',
      'Member ID',
      'Change',
      'Balance',
      'Reason',
      'Reason code',
      'Reference',
      'Reference ID',
      'Memo',
    ],
  },
};

/**
 * Rows read and written at a time: the memory a file of any length takes (5,000 point rows are about 0.5 MB of CSV).
 * Fewer, larger batches: each is a round trip and a plan (issue 21: 15 batches of 2,000 for a month of 29,000 rows).
 */
const BATCH = 5_000;

/**
 * Batches read by key, each asked for as soon as the previous one arrives (its last key is the next one's start),
 * so the database reads batch N+1 while batch N is turned into CSV and sent: the file takes about the longer of
 * the two, not their sum (issue 21: the points CSV spent more than half its time waiting for the next batch).
 */
export async function* prefetched<R, K>(
  fetch: (after: K) => Promise<R[]>,
  first: K,
  keyOf: (row: R) => K,
): AsyncGenerator<R[]> {
  let next = fetch(first);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    next = fetch(keyOf(batch.at(-1)!));
    // A rejected prefetch the consumer never reaches (it stopped reading) must not go unhandled.
    next.catch(() => undefined);
    yield batch;
  }
}

/** CSV text of rows staff open in Excel (CRLF, formulas defused by toCsv), as bytes. */
const csvBytes = (rows: (string | number)[][]) => Buffer.from(toCsv(rows), 'utf8');

async function* salesLines(ctx: AppContext, from: Date, to: Date, lang: Lang) {
  const batches = prefetched(
    (after: { at: Date; id: number }) => salesBatch(ctx.db.pool, from, to, after, BATCH),
    { at: from, id: 0 },
    (s) => ({ at: s.credited_at, id: Number(s.id) }),
  );
  for await (const batch of batches) {
    yield batch.map((s) => [
      s.credited,
      s.public_id,
      Number(s.member_id),
      PAY_NAMES[s.pay_id]?.[lang] ?? String(s.pay_id),
      s.gateway,
      Number(s.amount),
      Number(s.point),
      Number(s.append_point),
      Number(s.coupon_point),
    ]);
  }
}

async function* pointLines(ctx: AppContext, from: Date, to: Date, lang: Lang) {
  const ids = await pointMovementIds(ctx.db.pool, from, to);
  if (!ids) return;
  const batches = prefetched(
    (after: number) => pointMovementsBatch(ctx.db.pool, from, to, after, ids.last, BATCH),
    ids.first - 1,
    (m) => Number(m.id),
  );
  for await (const batch of batches) {
    yield batch.map((m) => [
      m.created,
      Number(m.id),
      Number(m.member_id),
      Number(m.amount),
      Number(m.balance_after),
      // The reason's name in the staff's language (core ledgerLabel, as the member's history words it, without
      // the thing it refers to: that is the reference columns), then its code for a spreadsheet's filters.
      ledgerLabel(lang, { reason: m.reason }),
      m.reason,
      m.ref_type ?? '',
      m.ref_id === null ? '' : Number(m.ref_id),
      m.memo,
    ]);
  }
}

export type MonthlyKind = 'sales' | 'points';

/** The header row of a month's file in the staff's language. */
export const monthlyCsvHeader = (kind: MonthlyKind, lang: Lang): readonly string[] => HEADERS[kind][lang];

/**
 * A month's sales or point movements as a CSV staff open in Excel (UTF-8 with BOM, CRLF, formulas defused), headed
 * and worded in the staff's language. The body streams: the header, then each batch of rows as it is read by key,
 * so a month of any size takes the memory of one batch and its first bytes leave at once (issue 21). A closed
 * month's points file is kept once built (closed-month-files.ts).
 */
export async function* monthlyCsvChunks(
  ctx: AppContext,
  month: string,
  kind: MonthlyKind,
  lang: Lang,
): AsyncGenerator<Buffer> {
  const { from, to } = tokyoMonthRange(month);
  yield Buffer.concat([Buffer.from('\uFEFF', 'utf8'), csvBytes([HEADERS[kind][lang]])]);
  const lines = kind === 'sales' ? salesLines(ctx, from, to, lang) : pointLines(ctx, from, to, lang);
  for await (const rows of lines) yield csvBytes(rows);
}
