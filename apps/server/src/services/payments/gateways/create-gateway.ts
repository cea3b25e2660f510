import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/queryable.ts';
import type { PaymentGateway, ProviderName } from './gateway.ts';
import { routedGateway } from './routes.ts';
import { createKomojuGateway } from './komoju-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * The payment company the shop talks to, by PAYMENT_PROVIDER: built once where the AppContext is (start.ts,
 * the test shop) and kept as ctx.gateway. Tests replace ctx.gateway to stage a provider that fails or a fake
 * Stripe.
 */
export function createGateway(config: Config, db: Queryable): PaymentGateway {
  const main = createProvider(config, db, config.payments.provider);
  const routes = config.payments.routes;
  if (routes.size === 0) return main;
  const others: Partial<Record<ProviderName, PaymentGateway>> = {};
  for (const name of new Set(routes.values())) {
    if (name !== main.name) others[name] = createProvider(config, db, name);
  }
  return routedGateway(main, others, routes);
}

function createProvider(config: Config, db: Queryable, name: ProviderName): PaymentGateway {
  switch (name) {
    case 'stripe':
      return createStripeGateway(config);
    case 'komoju':
      return createKomojuGateway(config);
    default:
      return createSandboxGateway(config, db);
  }
}
