import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';
import { receiptBlocks, type ReceiptPayment } from './receipt-items.ts';

/**
 * A convenience-store or bank-transfer payment has arrived and its points are credited. It carries the same
 * receipt items as an immediate purchase's receipt, so every credited payment gets exactly one receipt.
 */
export function paymentReceivedContent(ctx: AppContext, to: Recipient, p: ReceiptPayment, paidAt: Date): MailContent {
  const en = to.lang === 'en';
  return {
    subject: en ? 'We received your payment' : 'ご入金確認のお知らせ',
    preview: en ? 'Your points have been added.' : 'ポイントを付与しました。',
    blocks: [
      greeting(to),
      en
        ? 'We have received your payment and added the points to your account.'
        : 'ご入金を確認いたしました。ポイントをアカウントに付与しました。',
      ...receiptBlocks(to.lang, ctx.config, p, paidAt),
      { note: en ? 'Keep this mail as your receipt.' : '本メールは領収書として保管してください。' },
    ],
  };
}

export function sendPaymentReceived(ctx: AppContext, db: Queryable, to: Recipient, p: ReceiptPayment, paidAt: Date) {
  return queueMail(ctx, db, to, 'payment_received', paymentReceivedContent(ctx, to, p, paidAt));
}
