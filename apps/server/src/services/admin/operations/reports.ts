import { formatTokyo } from '@oripa/core';
import {
  baseDatesBefore,
  depositRequirement,
  spreadsheetSafe,
  toCsv,
  tokyoMonthRange,
  type UnusedBalanceRow,
} from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { pointMovementsBetween, salesBetween, unusedBalancesThrough } from '../../../db/queries/admin-reports.ts';

/** The unused balances at the given base date, or at the last six that have ended. */
export async function unusedBalanceReport(ctx: AppContext, date?: string): Promise<UnusedBalanceRow[]> {
  const dates = date ? [date] : baseDatesBefore(ctx.clock.now(), 6);
  return Promise.all(
    dates.map(async (d) => {
      const b = await unusedBalancesThrough(ctx.db.pool, d);
      return { date: d, ...b, unused_yen: b.paid_points, deposit_yen: depositRequirement(b.paid_points) };
    }),
  );
}

const PAY_NAMES: Record<number, string> = {
  1: 'クレジットカード',
  2: 'コンビニ',
  4: '銀行振込',
  5: 'ウォレット',
  6: 'キャリア決済',
  7: 'クレジットカード(3Dセキュア)',
};

/** A month's sales or point movements as a CSV staff open in Excel (UTF-8 with BOM, CRLF, formulas defused). */
export async function monthlyCsv(
  ctx: AppContext,
  month: string,
  kind: 'sales' | 'points',
): Promise<{ body: Buffer; fileName: string }> {
  const { from, to } = tokyoMonthRange(month);
  const db = ctx.db.pool;
  let rows: (string | number)[][];
  if (kind === 'sales') {
    const sales = await salesBetween(db, from, to);
    rows = [
      [
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
      ...sales.map((s) => [
        formatTokyo(s.credited_at),
        s.public_id,
        Number(s.member_id),
        PAY_NAMES[s.pay_id] ?? String(s.pay_id),
        s.gateway,
        Number(s.amount),
        Number(s.point),
        Number(s.append_point),
        Number(s.coupon_point),
      ]),
    ];
  } else {
    const moves = await pointMovementsBetween(db, from, to);
    rows = [
      ['日時', '台帳ID', '会員ID', '増減', '残高', '理由', '参照種別', '参照ID', 'メモ'],
      ...moves.map((m) => [
        formatTokyo(m.created_at),
        Number(m.id),
        Number(m.member_id),
        Number(m.amount),
        Number(m.balance_after),
        m.reason,
        m.ref_type ?? '',
        m.ref_id === null ? '' : Number(m.ref_id),
        m.memo,
      ]),
    ];
  }
  const text = toCsv(rows.map((r) => r.map(spreadsheetSafe)));
  return { body: Buffer.from(`\uFEFF${text}`, 'utf8'), fileName: `${kind}_${month}.csv` };
}
