import { PAY_IDS, type PayId } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { listDisabledPayIds } from '../../db/queries/payment-methods.ts';
import type { PaymentGateway } from './gateways/gateway.ts';

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
    const carried = ctx.gateway.supports(id);
    const enabled = !off.has(id);
    return { id, provider: carried ? ctx.gateway.name : '', enabled, offered: carried && enabled };
  });
}

/** The gateway as the storefront sees it: only the methods on offer. */
export async function offeredGateway(ctx: AppContext): Promise<Pick<PaymentGateway, 'name' | 'supports'>> {
  const offered = new Set((await methodStates(ctx)).filter((m) => m.offered).map((m) => m.id));
  return { name: ctx.gateway.name, supports: (id) => offered.has(id) };
}
