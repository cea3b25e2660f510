import { maybeOne, type Queryable } from '../queryable.ts';

/** What a member reads about a payment after starting or finishing it (transfer details, the credited result). */

export interface BankTransferRow {
  public_id: string;
  amount: number;
  /** Holds `instructions` once the provider has given the account to transfer to. */
  method: { instructions?: Record<string, string> } | null;
  expires_at: Date;
  status: string;
  next_action_url: string | null;
}

/**
 * The member's bank-transfer payment with that public id, or without one the latest still waiting for the
 * transfer.
 */
export async function findBankTransfer(
  db: Queryable,
  memberId: number,
  publicId: string | null,
): Promise<BankTransferRow | null> {
  return maybeOne<BankTransferRow>(
    db,
    `SELECT public_id, amount, method, expires_at, status, next_action_url FROM payments
     WHERE member_id = $1 AND pay_id = 4 AND ($2::text IS NULL OR public_id = $2)
       AND ($2::text IS NOT NULL OR status = 'pending')
     ORDER BY id DESC LIMIT 1`,
    [memberId, publicId],
  );
}

export interface CreditedPaymentRow {
  public_id: string;
  amount: number;
  point: number;
  append_point: number;
  coupon_point: number;
  point_course_id: number;
}

/** The member's credited payment with that public id, or without one the one credited last. */
export async function findCreditedPayment(
  db: Queryable,
  memberId: number,
  publicId: string | null,
): Promise<CreditedPaymentRow | null> {
  return maybeOne<CreditedPaymentRow>(
    db,
    `SELECT public_id, amount, point, append_point, coupon_point, point_course_id FROM payments
     WHERE member_id = $1 AND status = 'succeeded' AND ($2::text IS NULL OR public_id = $2)
     ORDER BY credited_at DESC, id DESC LIMIT 1`,
    [memberId, publicId],
  );
}
