import type { Config } from '../../../../config.ts';
import type { Clock } from '../../../../context.ts';
import type { Database } from '../../../../db/database.ts';
import type { PartnerSiteRow } from '../../../../db/queries/partner.ts';
import type { PartnerGateway } from './gateway.ts';
import { HttpPartnerGateway } from './http-partner.ts';
import { SandboxPartnerGateway } from './sandbox-partner.ts';

/**
 * The gateway of one partner site, by its adapter: the sandbox partner only where the sandbox is on, an HTTP
 * partner only with a shared secret. Null when the site cannot be used here.
 */
export type PartnerGateways = (site: PartnerSiteRow) => PartnerGateway | null;

/** Made once per context by gateways.ts: the sites live in the database, so the context holds the chooser. */
export function createPartnerGateways(config: Config, db: Database, clock: Clock): PartnerGateways {
  return (site) => {
    if (site.adapter === 'sandbox') return config.sandbox ? new SandboxPartnerGateway(db, site.id) : null;
    const secret = config.partner.sharedSecret;
    return secret && site.endpoint ? new HttpPartnerGateway(site.endpoint, secret, clock) : null;
  };
}
