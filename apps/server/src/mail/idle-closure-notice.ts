import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import { pts, shopUrl, type MailContent } from './layout.ts';
import { greeting, queueMail, tokyoTime, type Recipient } from './outbox.ts';

export interface IdleClosure {
  /** The date the account closes unless the member acts before it. */
  closesAt: Date;
  /** Points that would expire with it (coins are kept: ADR 0037). */
  points: number;
}

/**
 * The notice 30 days before an idle account closes (spec section 9; ADR 0037): when, what is lost, and how to keep
 * the account (one of the three activities that count).
 */
export function idleClosureNoticeContent(ctx: AppContext, to: Recipient, c: IdleClosure): MailContent {
  const en = to.lang === 'en';
  const at = tokyoTime(c.closesAt);
  return {
    subject: en ? 'Your account will be closed for inactivity' : 'ご利用のないアカウントの閉鎖のお知らせ',
    preview: en ? `Your account closes on ${at}.` : `${at}にアカウントを閉鎖します。`,
    blocks: [
      greeting(to),
      en
        ? 'You have not bought, used or exchanged points for almost 6 months. Under our terms an account idle for 6 months is closed and its points expire.'
        : '最後にポイントのご購入・ご利用・交換をされてから、まもなく6ヶ月になります。利用規約により、6ヶ月間ご利用のないアカウントは閉鎖され、ポイントは失効します。',
      {
        rows: [
          [en ? 'Closes' : '閉鎖予定日時', at] as const,
          [en ? 'Points that expire' : '失効するポイント', pts(c.points)] as const,
        ],
      },
      en
        ? 'To keep your account, buy points, draw a pack with points or exchange points for a card before then. Any of these starts the 6 months again.'
        : 'アカウントを継続するには、それまでにポイントのご購入、ポイントでのオリパのご購入、または交換所でのポイント交換のいずれかを行ってください。6ヶ月の期間がその日から新たに始まります。',
      { button: en ? 'See the packs' : 'オリパを見る', href: shopUrl(ctx.config, '/pack-list') },
      {
        note: en
          ? 'A closed account cannot log in, and expired points cannot be restored.'
          : '閉鎖されたアカウントにはログインできず、失効したポイントは元に戻せません。',
      },
    ],
  };
}

export function sendIdleClosureNotice(ctx: AppContext, db: Queryable, to: Recipient, c: IdleClosure) {
  return queueMail(ctx, db, to, 'idle_closure_notice', idleClosureNoticeContent(ctx, to, c));
}
