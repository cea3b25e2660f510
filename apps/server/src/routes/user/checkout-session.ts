import type { FastifyPluginAsync } from 'fastify';
import { idField, type ButtonSignatureReply, type CheckoutSessionReply, type CompleteCheckoutReply } from '@oripa/core';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { findCourse } from '../../services/payments/courses.ts';
import { gatewayFor } from '../../services/payments/gateway.ts';
import { applyStatus } from '../../services/payments/payments.ts';
import { toPayment } from '../../services/payments/store.ts';

const sessionId = z.string().regex(/^[A-Za-z0-9_-]{8,120}$/, 'checkoutSessionInvalid');
const walletError = () => new AppError('validation', { general: ['checkoutSessionInvalid'] }, 'checkout_session');

/**
 * The retailer wallet (pay_id 5) checkout-session calls of spec section 7: button_signature → the wallet's
 * sign-in → back to /confirm-buy-point with amazonCheckoutSessionId → set/get_checkout_session → point/buy →
 * the wallet's approval → /amazon-pay-redirect → complete_checkout_session (captures and credits).
 */
export const checkoutSessionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get<{ Querystring: { point_price_id?: string } }>('/user/button_signature', async (request, reply) => {
    requireMember(request);
    const { point_price_id } = parseInput(z.object({ point_price_id: idField }), request.query);
    const gw = gatewayFor(ctx);
    if (!gw.checkoutButton || !gw.supports(5))
      throw AppError.validation('pay_id', 'payIdInvalid', 'pay_id_not_offered');
    const course = await findCourse(ctx.db.pool, point_price_id);
    if (!course) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
    const base = ctx.config.publicUrl.replace(/\/$/, '');
    const payloadJSON = JSON.stringify({
      webCheckoutDetails: { checkoutReviewReturnUrl: `${base}/confirm-buy-point?pointPriceId=${course.id}` },
      storeId: 'kirakira-oripa',
      scopes: ['name', 'email'],
    });
    const out: ButtonSignatureReply = { payloadJSON, ...gw.checkoutButton(payloadJSON) };
    return reply.ok({ ...out });
  });

  app.get<{ Params: { id: string } }>('/user/set_checkout_session/:id', async (request, reply) => {
    const memberId = requireMember(request);
    const id = parseInput(sessionId, request.params.id);
    const described = await gatewayFor(ctx).describeCheckout?.(id);
    if (!described) throw walletError();
    const { rowCount } = await ctx.db.pool.query(
      `INSERT INTO wallet_sessions (checkout_session_id, member_id, pay_method) VALUES ($1, $2, $3)
       ON CONFLICT (checkout_session_id) DO UPDATE SET pay_method = EXCLUDED.pay_method
       WHERE wallet_sessions.member_id = EXCLUDED.member_id`,
      [id, memberId, described.payMethod],
    );
    // A session already bound to another member is not ours to use.
    if (!rowCount) throw walletError();
    request.log.debug({ memberId }, 'checkout session bound');
    return reply.ok({ result: '1', checkoutSessionId: id });
  });

  app.get('/user/get_checkout_session', async (request, reply) => {
    const memberId = requireMember(request);
    const { rows } = await ctx.db.pool.query(
      'SELECT checkout_session_id, pay_method FROM wallet_sessions WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1',
      [memberId],
    );
    if (!rows[0]) throw walletError();
    const out: CheckoutSessionReply = { checkoutSessionId: rows[0].checkout_session_id, payMethod: rows[0].pay_method };
    return reply.ok({ ...out });
  });

  app.get<{ Querystring: { amazonCheckoutSessionId?: string; payment_id?: string } }>(
    '/user/complete_checkout_session',
    async (request, reply) => {
      const memberId = requireMember(request);
      const q = parseInput(
        z.object({ amazonCheckoutSessionId: sessionId, payment_id: z.string().max(80).optional() }),
        request.query,
      );
      const { rows } = await ctx.db.pool.query(
        `SELECT * FROM payments WHERE member_id = $1 AND pay_id = 5 AND method->>'checkout_session_id' = $2
           AND ($3::text IS NULL OR public_id = $3) ORDER BY id DESC LIMIT 1`,
        [memberId, q.amazonCheckoutSessionId, q.payment_id ?? null],
      );
      if (!rows[0]) throw walletError();
      let p = toPayment(rows[0]);
      if ((p.status === 'pending' || p.status === 'requires_action') && p.provider_ref) {
        const remote = await gatewayFor(ctx).completeCheckout(p.provider_ref);
        if (remote.amount !== p.amount) throw walletError();
        if (remote.status !== 'pending') p = await applyStatus(ctx, p.id, remote.status, 'checkout_complete');
      }
      const out: CompleteCheckoutReply = {
        result: p.status === 'succeeded' ? '1' : '0',
        payment_id: p.public_id,
        pack_id: p.pack_id ?? 0,
      };
      return reply.ok({ ...out });
    },
  );
};
