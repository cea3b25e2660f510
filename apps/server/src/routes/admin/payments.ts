import type { FastifyPluginAsync } from 'fastify';
import {
  paymentMethodSwitchSchema,
  paymentSearchSchema,
  transferReceivedSchema,
  transferRejectedSchema,
} from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import { presentAdminPaymentMethods, presentAdminPayment } from '../../presenters/admin/payments.ts';
import { settleTransfer } from '../../services/admin/payments/bank-transfers.ts';
import { paymentMethodStates, switchPaymentMethod } from '../../services/admin/payments/payment-methods.ts';
import { searchPayments } from '../../services/admin/payments/search.ts';

/**
 * /api/admin/payments: search and the lists (open bank transfers, unpaid, failed) for support and owners; marking
 * a bank transfer received or rejected needs payments.reconcile (owners); the payment-method switches need
 * payments.methods (owners).
 */
export const paymentAdminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/payments', { config: { permission: 'payments.read' } }, async (request, reply) => {
    const q = parseInput(paymentSearchSchema, request.query);
    const r = await searchPayments(ctx, q);
    return reply.ok({ ...r, rows: r.rows.map(presentAdminPayment), page: q.page, per_page: q.per_page });
  });

  const reconcile = { config: { permission: 'payments.reconcile' as const } };
  app.post('/payments/transfer/received', reconcile, async (request, reply) => {
    const input = parseInput(transferReceivedSchema, request.payload);
    const outcome = { received: true as const, amount: input.amount, reason: input.reason };
    return reply.ok(await settleTransfer(ctx, requireStaff(request), input.id, outcome));
  });

  app.post('/payments/transfer/rejected', reconcile, async (request, reply) => {
    const input = parseInput(transferRejectedSchema, request.payload);
    const outcome = { received: false as const, reason: input.reason };
    return reply.ok(await settleTransfer(ctx, requireStaff(request), input.id, outcome));
  });

  // The payment-method screen (issue 23): each method, its provider and the switch (payments.methods, audited).
  const methods = { config: { permission: 'payments.methods' as const } };
  app.get('/payments/methods', methods, async (_request, reply) =>
    reply.ok({ ...presentAdminPaymentMethods(await paymentMethodStates(ctx)) }),
  );
  app.post('/payments/methods', methods, async (request, reply) => {
    const input = parseInput(paymentMethodSwitchSchema, request.payload);
    return reply.ok({ ...presentAdminPaymentMethods(await switchPaymentMethod(ctx, requireStaff(request), input)) });
  });
};
