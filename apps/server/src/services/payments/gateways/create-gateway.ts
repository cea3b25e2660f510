import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/queryable.ts';
import type { PaymentGateway } from './gateway.ts';
import { createKomojuGateway } from './komoju-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * The payment company the shop talks to, by PAYMENT_PROVIDER: built once where the AppContext is (start.ts,
 * the test shop) and kept as ctx.gateway. Tests replace ctx.gateway to stage a provider that fails or a fake
 * Stripe.
 */
export function createGateway(config: Config, db: Queryable): PaymentGateway {
  switch (config.payments.provider) {
    case 'stripe':
      return createStripeGateway(config);
    case 'komoju':
      return createKomojuGateway(config);
    default:
      return createSandboxGateway(config, db);
  }
}
