import type { AppContext } from '../../../../context.ts';
import type { PartnerSiteRow } from '../../../../db/queries/partner.ts';
import type { PartnerGateway } from './gateway.ts';
import { HttpPartnerGateway } from './http-partner.ts';
import { SandboxPartnerGateway } from './sandbox-partner.ts';

/**
 * The gateway of one partner site, by its adapter: the sandbox partner only where the sandbox is on, an HTTP
 * partner only with a shared secret. Null when the site cannot be used here.
 */
export function partnerGatewayFor(ctx: AppContext, site: PartnerSiteRow): PartnerGateway | null {
  if (site.adapter === 'sandbox') return ctx.config.sandbox ? new SandboxPartnerGateway(ctx.db, site.id) : null;
  const secret = ctx.config.partner.sharedSecret;
  return secret && site.endpoint ? new HttpPartnerGateway(site.endpoint, secret, ctx.clock) : null;
}
