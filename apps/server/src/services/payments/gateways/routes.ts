import type { PayId } from '@oripa/core';
import type { PaymentGateway, ProviderName } from './gateway.ts';

/**
 * Routing per method (ADR 0042): each pay id is served by one configured provider — PAYMENT_ROUTES names the
 * methods of the other providers (e.g. `komoju=2,6,10,11,13`), PAYMENT_PROVIDER serves the rest. The routed
 * gateway is ctx.gateway: it answers for the default provider and hands out the others; a payment keeps the name
 * of the provider it was made at, so its lookups, cancels and webhooks go back there.
 */
export function routedGateway(
  main: PaymentGateway,
  others: Partial<Record<ProviderName, PaymentGateway>>,
  routes: ReadonlyMap<number, ProviderName>,
): PaymentGateway {
  const route = (payId: PayId) => others[routes.get(payId) ?? main.name] ?? main;
  return {
    ...main,
    supports: (payId) => route(payId).supports(payId),
    route,
    named: (name) => (name === main.name ? main : others[name as ProviderName]),
  };
}

/** The gateway serving a pay id (any gateway; a plain one serves all its methods itself). */
export const gatewayFor = (gw: PaymentGateway, payId: PayId): PaymentGateway => gw.route?.(payId) ?? gw;

/** The gateway of a provider by name (a payment's `gateway`), or null when this shop has none of that name. */
export const gatewayNamed = (gw: PaymentGateway, name: string): PaymentGateway | null =>
  name === gw.name ? gw : (gw.named?.(name) ?? null);
