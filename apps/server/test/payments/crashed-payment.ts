import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { insertPayment, insertPaymentEvent, type PaymentRow } from '../../src/db/queries/payments.ts';
import type { PaymentMethod } from '../../src/services/payments/gateways/gateway.ts';
import { REDIRECT_WINDOW_MS } from '../../src/services/payments/methods.ts';
import type { TestMember } from '../factories.ts';
import type { TestShop } from '../test-shop.ts';

/**
 * The state `npm run chaos` left: the payment row committed as 'created', then (given a card `method`) the card
 * charged at the shop's provider the way the shop did before record-before-charge (no recordRef), and the shop
 * killed before it saved the provider's id.
 */
export async function crashedPayment(
  shop: TestShop,
  m: TestMember,
  course: { id: number; points: number },
  method: PaymentMethod | null,
): Promise<PaymentRow> {
  const now = shop.clock.now();
  const gateway = shop.ctx.gateway;
  const publicId = `pay_${randomBytes(18).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + REDIRECT_WINDOW_MS);
  const amount = course.points;
  const p = await insertPayment(shop.ctx.db.pool, {
    publicId,
    memberId: m.id,
    courseId: course.id,
    payId: 1,
    gateway: gateway.name,
    amount,
    point: course.points,
    appendPoint: 0,
    packId: null,
    method: {},
    expiresAt,
    now,
  });
  await insertPaymentEvent(shop.ctx.db.pool, p.id, null, 'created', 'api', {});
  if (method) {
    const outcome = await gateway.createPayment({
      paymentId: publicId,
      memberId: m.id,
      amount,
      payId: 1,
      description: `${amount}pt`,
      method,
      returnUrls: { success: `${shop.baseUrl}/pay-redirect`, failure: `${shop.baseUrl}/pay-redirect` },
      expiresAt,
      buyer: { name: 'TARO', email: m.mail },
    });
    expect(outcome.status).toBe('succeeded');
  }
  return p;
}
