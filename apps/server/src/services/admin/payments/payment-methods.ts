import type { PaymentMethodSwitchInput } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { setPayMethodEnabled } from '../../../db/queries/payment-methods.ts';
import { methodStates } from '../../payments/method-switches.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

export { methodStates as paymentMethodStates };

/** Switches one payment method on or off for the storefront: one audited write (issue 23). */
export async function switchPaymentMethod(ctx: AppContext, staff: StaffIdentity, input: PaymentMethodSwitchInput) {
  await withAudit(
    ctx,
    staff,
    { action: 'payment.method', targetType: 'payment_method', targetId: String(input.pay_id) },
    async (tx) => {
      const wasOn = await setPayMethodEnabled(tx, input.pay_id, input.enabled, ctx.clock.now());
      return { before: { enabled: wasOn }, after: { enabled: input.enabled }, result: undefined };
    },
  );
  return methodStates(ctx);
}
