import { pointBuySchema, type PointBuyReply } from '@oripa/core';
import { issueCardToken } from '../../src/sandbox/payments/card-token.ts';
import { seedPointCourses } from '../../src/seed/point-courses.ts';
import { startPayment } from '../../src/services/payments/payments.ts';
import type { ShopContext } from '../factories.ts';

/**
 * Payments on the service tier (ADR 0038): what helpers.ts does through HTTP, with no Fastify app imported, so a
 * rule test that needs a payment credited (ranks, coins, idle accounts) calls the payment service with `ctx`.
 */

/** The sandbox card company's test numbers. */
export const CARDS = {
  ok: '4111111111111111',
  declined: '4000000000000002',
  threeDs: '4000000000003220',
};

/** Demo courses by point amount → id (point courses; seed coin courses apart). */
export async function seedCourses(shop: Pick<ShopContext, 'ctx'>): Promise<Record<number, number>> {
  await seedPointCourses(shop.ctx);
  const { rows } = await shop.ctx.db.pool.query<{ id: number; point: number }>('SELECT id, point FROM point_courses');
  return Object.fromEntries(rows.map((r) => [Number(r.point), Number(r.id)]));
}

/** A one-time token of the sandbox card company, as its /sandbox/card/token answers the browser. */
export async function sandboxCardToken(shop: Pick<ShopContext, 'ctx'>, number = CARDS.ok): Promise<string> {
  const out = await issueCardToken(shop.ctx, {
    card_number: number,
    card_expire: '12/39',
    security_code: '123',
    cardholder_name: 'TARO SHIKEN',
  });
  if (!('token' in out)) throw new Error(`the sandbox card company refused the card: ${out.error_code}`);
  return out.token;
}

/**
 * POST /user/point/buy without HTTP: the body parsed by the route's own schema, then startPayment. Rejects with the
 * AppError the route would answer.
 */
export function startPaymentDirect(
  shop: Pick<ShopContext, 'ctx'>,
  memberId: number,
  body: Record<string, unknown>,
): Promise<PointBuyReply> {
  return startPayment(shop.ctx, memberId, pointBuySchema.parse(body));
}

/** Pays a course by card (the sandbox's card that succeeds at once): the payment is credited when this returns. */
export async function payByCard(shop: Pick<ShopContext, 'ctx'>, memberId: number, courseId: number) {
  const reply = await startPaymentDirect(shop, memberId, {
    point_price_id: courseId,
    pay_id: 1,
    token: await sandboxCardToken(shop),
  });
  if (reply.url !== '1') throw new Error(`the card payment did not succeed: ${JSON.stringify(reply)}`);
  return reply;
}
