import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidJob } from '../../src/jobs/cancel-unpaid.ts';
import { RECONCILE_GRACE_MS, reconcilePaymentsJob } from '../../src/jobs/reconcile-payments.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { REDIRECT_WINDOW_MS } from '../../src/services/payments/methods.ts';
import { buildMember, type TestMember } from '../factories.ts';
import type { TestShop } from '../test-shop.ts';
import { crashedPayment } from './crashed-payment.ts';
import { balance, cardToken, expectLedgerClean, paymentEvents, paymentRow, startPaymentShop } from './helpers.ts';

let shop: TestShop;
let course: Record<number, number>;
beforeAll(async () => {
  ({ shop, course } = await startPaymentShop());
});
afterAll(() => shop.close());

/** A card charged at the sandbox provider for a payment row the shop never gave its intent id (a crash). */
async function chargedWithoutRef(m: TestMember, points: number) {
  const token = (await cardToken(shop)).token!;
  return crashedPayment(shop, m, { id: course[points]!, points }, { kind: 'card', token, force3ds: false });
}

describe('reconciling with the sandbox provider', () => {
  it('a sandbox charge whose intent id the shop never saved is found by merchant reference and credited once', async () => {
    const m = await buildMember(shop);
    const p = await chargedWithoutRef(m, 500);
    expect((await paymentRow(shop, p.public_id)).provider_ref).toBeNull();
    shop.clock.advance(RECONCILE_GRACE_MS + 1000);
    await Promise.all([
      runJobUntilIdle(shop.ctx, reconcilePaymentsJob),
      runJobUntilIdle(shop.ctx, reconcilePaymentsJob),
    ]);
    // The deadline job afterwards finds nothing left to close.
    shop.clock.advance(REDIRECT_WINDOW_MS);
    await runJobUntilIdle(shop.ctx, cancelUnpaidJob);
    const row = await paymentRow(shop, p.public_id);
    expect(row.status).toBe('succeeded');
    expect(row.provider_ref).toMatch(/^si_/);
    expect(await paymentEvents(shop, p.public_id)).toEqual(['created', 'succeeded']);
    expect((await balance(shop, m.id)).point).toBe(500);
    await expectLedgerClean(shop);
  });

  it('the deadline job never expires a ref-less payment the provider charged', async () => {
    const m = await buildMember(shop);
    const p = await chargedWithoutRef(m, 1000);
    // Straight past the deadline, before any reconcile run.
    shop.clock.advance(REDIRECT_WINDOW_MS + 60_000);
    await runJobUntilIdle(shop.ctx, cancelUnpaidJob);
    expect((await paymentRow(shop, p.public_id)).status).toBe('succeeded');
    expect((await balance(shop, m.id)).point).toBe(1000);
  });
});
