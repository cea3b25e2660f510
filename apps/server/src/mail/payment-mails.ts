import { isDeferredPayment, type PayId } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { findMemberById } from '../db/queries/members.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import type { Queryable } from '../db/queryable.ts';
import type { BankInstructions, CombiniInstructions } from '../services/payments/gateways/gateway.ts';
import { recipientOf } from './outbox.ts';
import { sendPaymentInstructions } from './payment-instructions.ts';
import { sendPaymentReceived } from './payment-received.ts';
import { sendPurchaseReceipt } from './purchase-receipt.ts';

/**
 * The payment's mails, queued on the transaction that moves its state (services/payments/status.ts), so a
 * payment and its mail commit together and a rolled-back move sends nothing.
 */

/** Credited: a deferred payment's "payment received", any other's receipt. Both carry the receipt items. */
export async function mailCreditedPayment(ctx: AppContext, tx: Queryable, p: PaymentRow, paidAt: Date) {
  const member = await findMemberById(tx, p.member_id);
  if (!member) return;
  const to = recipientOf(member);
  if (isDeferredPayment(p.pay_id as PayId)) await sendPaymentReceived(ctx, tx, to, p, paidAt);
  else await sendPurchaseReceipt(ctx, tx, to, p, paidAt);
}

/** A convenience-store or bank-transfer order is waiting: how to pay it, by when. */
export async function mailPaymentInstructions(
  ctx: AppContext,
  tx: Queryable,
  p: PaymentRow,
  ins: CombiniInstructions | BankInstructions,
) {
  const member = await findMemberById(tx, p.member_id);
  if (!member || !p.expires_at) return;
  await sendPaymentInstructions(ctx, tx, recipientOf(member), p, ins, p.expires_at);
}
