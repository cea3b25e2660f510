import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';
import { receiptBlocks, type ReceiptPayment } from './receipt-items.ts';

/** The receipt of a point purchase paid at once (card, wallets, carrier), sent when its points are credited. */
export function purchaseReceiptContent(ctx: AppContext, to: Recipient, p: ReceiptPayment, paidAt: Date): MailContent {
  const en = to.lang === 'en';
  return {
    subject: en ? 'Receipt for your point purchase' : 'ポイント購入の領収書',
    preview: en ? `Payment ${p.public_id}` : `決済番号 ${p.public_id}`,
    blocks: [
      greeting(to),
      en
        ? 'Thank you for your purchase. The points below have been added to your account.'
        : 'ポイントをご購入いただきありがとうございます。以下の内容でポイントを付与しました。',
      ...receiptBlocks(to.lang, ctx.config, p, paidAt),
      {
        note: en
          ? 'Keep this mail as your receipt. Points are valid for 6 months from the day they were added.'
          : '本メールは領収書として保管してください。ポイントの有効期限は付与日から6か月です。',
      },
    ],
  };
}

export function sendPurchaseReceipt(ctx: AppContext, db: Queryable, to: Recipient, p: ReceiptPayment, paidAt: Date) {
  return queueMail(ctx, db, to, 'purchase_receipt', purchaseReceiptContent(ctx, to, p, paidAt));
}
