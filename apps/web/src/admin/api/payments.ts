import type { PaymentStatus } from '@oripa/core';
import type { AdminPayment } from '@oripa/core/admin';
import { apiPost, type Reply } from '../../api/client';
import { fetchList } from './list';

/** Payments (apps/server/src/routes/admin/payments.ts). */
export const fetchPayments = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminPayment, { counts: { transfers: number; unpaid: number; failed: number } }>('/admin/payments', params);

export const markTransferReceived = (id: number, amount: number, reason: string) =>
  apiPost<Reply<{ status: PaymentStatus }>>('/admin/payments/transfer/received', { id, amount, reason });

export const rejectTransfer = (id: number, reason: string) =>
  apiPost<Reply<{ status: PaymentStatus }>>('/admin/payments/transfer/rejected', { id, reason });
