import type { FastifyPluginAsync } from 'fastify';
import { pointAppendSchema, pointBuySchema } from '@oripa/core';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import {
  presentCombiniSlip,
  presentPayResult,
  presentPaymentOutcome,
  presentPointEnd,
} from '../../presenters/payment.ts';
import { settlePayment, startPayment } from '../../services/payments/payments.ts';
import { combiniPayment, creditedPayment, endedPayment } from '../../services/payments/receipts.ts';

const optionalPaymentQuery = z.object({ payment_id: z.string().max(80).optional() });

/** Buying points: start a payment, settle it after a redirect, and read its outcome. */
export const pointBuyRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.post('/user/point/buy', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(pointBuySchema, request.payload);
    return reply.ok({ ...(await startPayment(ctx, memberId, input, request.log)) });
  });

  // After /pay-redirect: the payment id comes back as {token}; settle it with the provider if needed.
  app.post('/user/point/append', async (request, reply) => {
    const memberId = requireMember(request);
    const { token } = parseInput(pointAppendSchema, request.payload);
    return reply.ok({ ...presentPaymentOutcome(await settlePayment(ctx, memberId, token)) });
  });

  app.get<{ Querystring: { payment_id?: string } }>('/user/point/end', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(optionalPaymentQuery, request.query);
    return reply.ok({ ...presentPointEnd(await endedPayment(ctx, memberId, payment_id)) });
  });

  // Conversion tracking: the given (or latest) credited purchase of this member.
  app.get<{ Querystring: { payment_id?: string } }>('/user/pay_result', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(optionalPaymentQuery, request.query);
    return reply.ok({ ...presentPayResult(await creditedPayment(ctx, memberId, payment_id), memberId) });
  });

  app.get<{ Querystring: { paymentID?: string } }>('/user/point/combini_number', async (request, reply) => {
    const memberId = requireMember(request);
    const { paymentID } = parseInput(
      z.object({ paymentID: z.string().regex(/^\d{6,20}$/, 'paymentNotFound') }),
      request.query,
    );
    return reply.ok({ ...presentCombiniSlip(await combiniPayment(ctx, memberId, paymentID)) });
  });
};
