import { combiniChain, shownPayDeadline } from '@oripa/core';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { BankInstructions, CombiniInstructions } from '../services/payments/gateways/gateway.ts';
import { yen, type Block, type MailContent } from './layout.ts';
import { greeting, queueMail, tokyoTime, type Recipient } from './outbox.ts';
import { receiptBlocks, type ReceiptPayment } from './receipt-items.ts';

const NUMBER_LABEL = {
  online_slip: { ja: '払込票番号', en: 'Slip number' },
  confirmation_number: { ja: 'お客様番号', en: 'Customer number' },
  receipt_number: { ja: '受付番号', en: 'Receipt number' },
} as const;

/**
 * How to pay a convenience-store or bank-transfer order, with the deadline: the receipt number (and slip) or the
 * account the payment company named, as stored on the payment when it was started. Unpaid past the deadline, the
 * cancel-unpaid job cancels the order, and the mail says so.
 */
export function paymentInstructionsContent(
  ctx: AppContext,
  to: Recipient,
  p: ReceiptPayment,
  ins: CombiniInstructions | BankInstructions,
  deadline: Date,
): MailContent {
  const en = to.lang === 'en';
  // A convenience store is told an earlier deadline than the provider's close (core shownPayDeadline).
  const due = tokyoTime(ins.kind === 'combini' ? shownPayDeadline(deadline) : deadline);
  const chain = ins.kind === 'combini' ? combiniChain(ins.store) : undefined;
  const how: Block[] =
    ins.kind === 'combini'
      ? [
          en
            ? `Pay ${yen(p.amount)} at ${chain?.name.en ?? 'the convenience store'} by ${due}, as follows.`
            : `${due}までに、${chain?.name.ja ?? 'コンビニ'}にて下記の手順で${yen(p.amount)}をお支払いください。`,
          ...(chain ? chain.steps[to.lang].map((step, n) => `${n + 1}. ${step}`) : []),
          {
            rows: [
              [en ? 'Store' : 'お支払い先', chain?.name[to.lang] ?? ins.store],
              [NUMBER_LABEL[chain?.instruction ?? 'receipt_number'][to.lang], ins.receipt],
              ...(ins.confirmation ? [[en ? 'Confirmation number' : '確認番号', ins.confirmation] as const] : []),
              [en ? 'Amount' : 'お支払金額', yen(p.amount)],
              [en ? 'Deadline' : 'お支払期限', due],
            ],
          },
          // Not every provider hands out a slip page.
          ...(ins.slipUrl ? [{ button: en ? 'Open the payment slip' : '払込票を表示する', href: ins.slipUrl }] : []),
        ]
      : [
          en
            ? `Transfer ${yen(p.amount)} to the account below by ${due}. Transfer fees are paid by the sender.`
            : `${due}までに、下記の口座へ${yen(p.amount)}をお振込みください。振込手数料はお客様のご負担となります。`,
          {
            rows: [
              [en ? 'Bank' : '銀行名', ins.bank],
              [en ? 'Branch' : '支店名', ins.branch],
              [en ? 'Account type' : '口座種別', ins.accountType],
              [en ? 'Account number' : '口座番号', ins.number],
              [en ? 'Account name' : '口座名義', ins.name],
              [en ? 'Amount' : 'お振込金額', yen(p.amount)],
              [en ? 'Deadline' : 'お振込期限', due],
            ],
          },
        ];
  return {
    subject:
      ins.kind === 'combini'
        ? en
          ? 'How to pay at a convenience store'
          : 'コンビニ決済のお支払い方法'
        : en
          ? 'Bank transfer details'
          : '銀行振込のお振込先',
    preview: en ? `Please pay by ${due}.` : `お支払期限: ${due}`,
    blocks: [
      greeting(to),
      en
        ? 'Thank you for your order. It is waiting for your payment.'
        : 'ご注文ありがとうございます。お支払いをお待ちしております。',
      ...how,
      en
        ? 'The points are added as soon as the payment is confirmed. Unpaid orders are cancelled after the deadline.'
        : 'ご入金を確認しだいポイントを付与します。期限を過ぎたご注文は自動的にキャンセルされます。',
      ...receiptBlocks(to.lang, ctx.config, p, p.created_at, true),
    ],
  };
}

export function sendPaymentInstructions(
  ctx: AppContext,
  db: Queryable,
  to: Recipient,
  p: ReceiptPayment,
  ins: CombiniInstructions | BankInstructions,
  deadline: Date,
) {
  return queueMail(
    ctx,
    db,
    to,
    `payment_instructions_${ins.kind}`,
    paymentInstructionsContent(ctx, to, p, ins, deadline),
  );
}
