import type { FastifyPluginAsync } from 'fastify';
import {
  formatTokyo,
  pointAppendSchema,
  pointBuySchema,
  type CombiniSlipReply,
  type PayResultReply,
  type PointAppendReply,
  type PointEndReply,
} from '@oripa/core';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentPaymentOutcome } from '../../presenters/payment.ts';
import { latestPayment, settlePayment, startPayment } from '../../services/payments/payments.ts';
import { findPayment, type PaymentRow } from '../../services/payments/store.ts';

const notFound = () => new AppError('not_found', { token: ['paymentNotFound'] }, 'payment_not_found');
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
    const p = await settlePayment(ctx, memberId, token);
    const out: PointAppendReply = presentPaymentOutcome(p);
    return reply.ok({ ...out });
  });

  app.get<{ Querystring: { payment_id?: string } }>('/user/point/end', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(optionalPaymentQuery, request.query);
    let p: PaymentRow | null;
    if (payment_id) p = await settlePayment(ctx, memberId, payment_id);
    else p = await latestPayment(ctx, memberId);
    if (!p) throw notFound();
    const out: PointEndReply = { ...presentPaymentOutcome(p), point: p.point + p.append_point + p.coupon_point };
    return reply.ok({ ...out });
  });

  // Conversion tracking: the given (or latest) credited purchase of this member.
  app.get<{ Querystring: { payment_id?: string } }>('/user/pay_result', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(optionalPaymentQuery, request.query);
    const { rows } = await ctx.db.pool.query(
      `SELECT public_id, amount, point, append_point, coupon_point, point_course_id FROM payments
       WHERE member_id = $1 AND status = 'succeeded' AND ($2::text IS NULL OR public_id = $2)
       ORDER BY credited_at DESC, id DESC LIMIT 1`,
      [memberId, payment_id ?? null],
    );
    const r = rows[0];
    if (!r) throw notFound();
    const out: PayResultReply = {
      pay_price: Number(r.amount),
      pay_title: `${Number(r.point)}pt`,
      pay_unique_id: r.public_id,
      pay_point: Number(r.point) + Number(r.append_point) + Number(r.coupon_point),
      pay_point_price_id: Number(r.point_course_id),
      pay_member_id: memberId,
    };
    return reply.ok({ ...out });
  });

  app.get<{ Querystring: { paymentID?: string } }>('/user/point/combini_number', async (request, reply) => {
    const memberId = requireMember(request);
    const { paymentID } = parseInput(
      z.object({ paymentID: z.string().regex(/^\d{6,20}$/, 'paymentNotFound') }),
      request.query,
    );
    const p = await findPayment(ctx.db.pool, { receipt: paymentID }, memberId);
    if (!p || p.pay_id !== 2) throw notFound();
    const slip: CombiniSlipReply = {
      url: p.next_action_url ?? '',
      receipt: p.receipt ?? '',
      store: (p.method.combini_code as CombiniSlipReply['store']) ?? 'other',
      price: p.amount,
      deadline: p.expires_at ? formatTokyo(p.expires_at) : '',
      payment_id: p.public_id,
    };
    return reply.ok({ ...slip, status: p.status });
  });
};
