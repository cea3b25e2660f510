import {
  combiniChain,
  formatTokyo,
  shownPayDeadline,
  type BankInfoReply,
  type CombiniSlipReply,
  type PayResultReply,
  type PointAppendReply,
  type PointEndReply,
} from '@oripa/core';
import type { BankTransferRow, CreditedPaymentRow } from '../db/queries/payment-receipts.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import type { BankInstructions, CombiniInstructions } from '../services/payments/gateways/gateway.ts';

/** point/append and point/end: result '1' only for a credited payment; pack_id hands the member back to a pack. */
export function presentPaymentOutcome(p: PaymentRow): PointAppendReply {
  return { result: p.status === 'succeeded' ? '1' : '0', pack_id: p.pack_id ?? 0, status: p.status };
}

export function presentPointEnd(p: PaymentRow): PointEndReply {
  return { ...presentPaymentOutcome(p), point: p.point + p.append_point + p.coupon_point };
}

/** Where /api/acs/secure sends the browser: the issuer's challenge while one is open, else back to the shop. */
export function acsRedirectUrl(p: PaymentRow): string {
  if (p.status === 'requires_action' && p.next_action_url) return p.next_action_url;
  return `/pay-redirect?payment_id=${encodeURIComponent(p.public_id)}`;
}

export function presentPayResult(r: CreditedPaymentRow, memberId: number): PayResultReply {
  return {
    pay_price: Number(r.amount),
    pay_title: `${Number(r.point)}pt`,
    pay_unique_id: r.public_id,
    pay_point: Number(r.point) + Number(r.append_point) + Number(r.coupon_point),
    pay_point_price_id: Number(r.point_course_id),
    pay_member_id: memberId,
  };
}

export function presentCombiniSlip(p: PaymentRow): CombiniSlipReply {
  // Payments made before the chains were listed carry an old store group; combiniChain reads it as its chain.
  const chain = combiniChain(String(p.method.combini_code ?? 'other'))!;
  const confirmation = (p.method.instructions as CombiniInstructions | undefined)?.confirmation;
  return {
    url: p.next_action_url ?? '',
    receipt: p.receipt ?? '',
    ...(confirmation ? { confirmation } : {}),
    store: chain.code,
    instruction: chain.instruction,
    price: p.amount,
    deadline: p.expires_at ? formatTokyo(shownPayDeadline(p.expires_at)) : '',
    payment_id: p.public_id,
    status: p.status,
  };
}

/**
 * Where to transfer. In the sandbox the bank's reconcile page is handed out (`showSandboxUrl`) so a tester can
 * complete the transfer.
 */
export function presentBankInfo(r: BankTransferRow, ins: BankInstructions, showSandboxUrl: boolean) {
  const out: BankInfoReply = {
    bank: ins.bank,
    branch: ins.branch,
    account_type: ins.accountType,
    number: ins.number,
    name: ins.name,
    price: Number(r.amount),
    deadline: formatTokyo(r.expires_at),
    payment_id: r.public_id,
  };
  const sandbox = showSandboxUrl && r.next_action_url ? { sandbox_url: r.next_action_url } : {};
  return { ...out, status: r.status, ...sandbox };
}
