import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import { pts, shopUrl, type MailContent } from './layout.ts';
import { greeting, queueMail, tokyoTime, type Recipient } from './outbox.ts';

export interface ExpiringPoints {
  expiresAt: Date;
  points: number;
}

/** Points that expire within 30 days, by expiry time, soonest first. */
export function pointsExpiringContent(ctx: AppContext, to: Recipient, lots: ExpiringPoints[]): MailContent {
  const en = to.lang === 'en';
  const total = lots.reduce((s, l) => s + l.points, 0);
  // Lots expiring in the same minute read as one line.
  const byTime = new Map<string, number>();
  for (const l of [...lots].sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())) {
    const at = tokyoTime(l.expiresAt);
    byTime.set(at, (byTime.get(at) ?? 0) + l.points);
  }
  const first = [...byTime.keys()][0]!;
  return {
    subject: en ? 'Some of your points expire soon' : 'ポイント有効期限のお知らせ',
    preview: en ? `${pts(total)} expire from ${first}.` : `${pts(total)}が${first}から失効します。`,
    blocks: [
      greeting(to),
      en
        ? `${pts(total)} of your points expire within 30 days. Use them before they expire.`
        : `お持ちのポイントのうち${pts(total)}が30日以内に有効期限を迎えます。期限までにご利用ください。`,
      {
        rows: [...byTime].map(([at, points]) => [en ? `Expires ${at}` : `${at} 失効`, pts(points)] as const),
      },
      {
        button: en ? 'See the packs' : 'オリパを見る',
        href: shopUrl(ctx.config, '/pack-list'),
      },
      {
        note: en ? 'Expired points cannot be restored.' : '失効したポイントは元に戻せません。',
      },
    ],
  };
}

export function sendPointsExpiring(ctx: AppContext, db: Queryable, to: Recipient, lots: ExpiringPoints[]) {
  return queueMail(ctx, db, to, 'points_expiring', pointsExpiringContent(ctx, to, lots));
}
