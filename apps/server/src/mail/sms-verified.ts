import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import { pts, type MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';

export interface SmsVerifiedNotice {
  /** The verified number, masked but for its last digits. */
  tel: string;
  /** Points granted for verifying (0 when none). */
  bonus: number;
}

const mask = (tel: string) => tel.replace(/\d(?=\d{4})/g, '*');

export function smsVerifiedContent(to: Recipient, n: SmsVerifiedNotice): MailContent {
  const en = to.lang === 'en';
  const blocks: MailContent['blocks'] = [
    greeting(to),
    en
      ? `Your phone number ${mask(n.tel)} has been verified by SMS.`
      : `SMS認証が完了しました。認証済みの電話番号: ${mask(n.tel)}`,
  ];
  if (n.bonus > 0) {
    blocks.push(
      en
        ? `As a thank-you, ${pts(n.bonus)} have been added to your account.`
        : `SMS認証ボーナスとして${pts(n.bonus)}を付与しました。`,
    );
  }
  blocks.push({
    note: en
      ? 'If you did not verify this number, contact us at once.'
      : 'お心当たりのない場合は、お手数ですがお問い合わせください。',
  });
  return { subject: en ? 'SMS verification complete' : 'SMS認証完了のお知らせ', preview: mask(n.tel), blocks };
}

/** Queued by the SMS verification flow (a later issue) in the transaction that marks the member verified. */
export function sendSmsVerified(ctx: AppContext, db: Queryable, to: Recipient, n: SmsVerifiedNotice) {
  return queueMail(ctx, db, to, 'sms_verified', smsVerifiedContent(to, n));
}
