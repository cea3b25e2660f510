import type { PaymentSearchInput } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import {
  countPayments,
  listPayments,
  paymentViewCounts,
  type AdminPaymentRow,
} from '../../../db/queries/admin-payments.ts';

/** One page of payments in a console list (all, open transfers, unpaid, failed), with the lists' counts. */
export async function searchPayments(
  ctx: AppContext,
  q: PaymentSearchInput,
): Promise<{ rows: AdminPaymentRow[]; total: number; counts: Awaited<ReturnType<typeof paymentViewCounts>> }> {
  const db = ctx.db.pool;
  const filter = { view: q.view, q: q.q, payId: q.pay_id === '' ? undefined : q.pay_id };
  const [total, rows, counts] = await Promise.all([
    countPayments(db, filter),
    listPayments(db, filter, q.sort, q.dir === 'desc', q.per_page, (q.page - 1) * q.per_page),
    paymentViewCounts(db),
  ]);
  return { rows, total, counts };
}
