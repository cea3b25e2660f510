import { PAY_ID, PAY_IDS, type PayId } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { listDisabledPayIds } from '../../db/queries/payment-methods.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { gatewayFor } from './gateways/routes.ts';

/** A method is offered when its provider carries it and staff have not switched it off (the console, issue 23). */
export interface MethodState {
  id: PayId;
  provider: string;
  enabled: boolean;
  offered: boolean;
}

export async function methodStates(ctx: AppContext): Promise<MethodState[]> {
  const off = new Set(await listDisabledPayIds(ctx.db.pool));
  return PAY_IDS.map((id) => {
    const gw = gatewayFor(ctx.gateway, id);
    const carried = gw.supports(id);
    const enabled = !off.has(id);
    return { id, provider: carried ? gw.name : '', enabled, offered: carried && enabled };
  });
}

/** The gateway as the storefront sees it: only the methods on offer. */
export async function offeredGateway(ctx: AppContext): Promise<Pick<PaymentGateway, 'name' | 'supports'>> {
  const offered = new Set((await methodStates(ctx)).filter((m) => m.offered).map((m) => m.id));
  // Named after the provider that takes cards: the browser's card form follows it (pay_style's payment_provider).
  return { name: gatewayFor(ctx.gateway, PAY_ID.card).name, supports: (id) => offered.has(id) };
}
