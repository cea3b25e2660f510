import type { PaymentStatus } from '@oripa/core';
import type { AdminPayment, AdminPaymentMethodsReply } from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';
import { fetchList } from './list';

/** Payments (apps/server/src/routes/admin/payments.ts). */
export const fetchPayments = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminPayment, { counts: { transfers: number; unpaid: number; failed: number } }>('/admin/payments', params);

export const markTransferReceived = (id: number, amount: number, reason: string) =>
  apiPost<Reply<{ status: PaymentStatus }>>('/admin/payments/transfer/received', { id, amount, reason });

export const rejectTransfer = (id: number, reason: string) =>
  apiPost<Reply<{ status: PaymentStatus }>>('/admin/payments/transfer/rejected', { id, reason });

/** The payment-method screen (issue 23): each method, its provider and the staff's switch. */
export const fetchPaymentMethods = () => apiGet<Reply<AdminPaymentMethodsReply>>('/admin/payments/methods');
export const switchPaymentMethod = (pay_id: number, enabled: boolean) =>
  apiPost<Reply<AdminPaymentMethodsReply>>('/admin/payments/methods', { pay_id, enabled });
