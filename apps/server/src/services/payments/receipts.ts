import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  findBankTransfer,
  findCreditedPayment,
  type BankTransferRow,
  type CreditedPaymentRow,
} from '../../db/queries/payment-receipts.ts';
import { findPayment, type PaymentRow } from '../../db/queries/payments.ts';
import type { BankInstructions } from './gateways/gateway.ts';
import { latestPayment, settlePayment } from './payments.ts';

/** What a member reads about one of their payments; someone else's payment is simply not found. */

const paymentNotFound = (field: string) =>
  new AppError('not_found', { [field]: ['paymentNotFound'] }, 'payment_not_found');

/** The member's payment by public id (the 3-D Secure hand-off). */
export async function memberPayment(ctx: AppContext, memberId: number, publicId: string): Promise<PaymentRow> {
  const p = await findPayment(ctx.db.pool, { publicId }, memberId);
  if (!p) throw paymentNotFound('payment');
  return p;
}

/** point/end: the given payment settled with the provider if still open, or without an id the latest one. */
export async function endedPayment(ctx: AppContext, memberId: number, publicId?: string): Promise<PaymentRow> {
  const p = publicId ? await settlePayment(ctx, memberId, publicId) : await latestPayment(ctx, memberId);
  if (!p) throw paymentNotFound('token');
  return p;
}

/** Conversion tracking: the given (or latest) credited purchase. */
export async function creditedPayment(
  ctx: AppContext,
  memberId: number,
  publicId?: string,
): Promise<CreditedPaymentRow> {
  const r = await findCreditedPayment(ctx.db.pool, memberId, publicId ?? null);
  if (!r) throw paymentNotFound('token');
  return r;
}

/** A convenience-store payment by its receipt number. */
export async function combiniPayment(ctx: AppContext, memberId: number, receipt: string): Promise<PaymentRow> {
  const p = await findPayment(ctx.db.pool, { receipt }, memberId);
  if (!p || p.pay_id !== 2) throw paymentNotFound('token');
  return p;
}

/** The given (or latest open) bank-transfer order, once the provider has named the account to transfer to. */
export async function bankTransfer(
  ctx: AppContext,
  memberId: number,
  publicId?: string,
): Promise<{ row: BankTransferRow; instructions: BankInstructions }> {
  const row = await findBankTransfer(ctx.db.pool, memberId, publicId ?? null);
  const instructions = row?.method?.instructions as BankInstructions | undefined;
  if (!row || !instructions) throw paymentNotFound('general');
  return { row, instructions };
}
