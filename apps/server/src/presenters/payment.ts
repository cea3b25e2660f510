import type { PointAppendReply } from '@oripa/core';
import type { PaymentRow } from '../services/payments/store.ts';

/** point/append and point/end: result '1' only for a credited payment; pack_id hands the member back to a pack. */
export function presentPaymentOutcome(p: PaymentRow): PointAppendReply {
  return { result: p.status === 'succeeded' ? '1' : '0', pack_id: p.pack_id ?? 0, status: p.status };
}
