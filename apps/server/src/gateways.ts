import type { Config } from './config.ts';
import type { AppContext, Clock } from './context.ts';
import type { Database } from './db/database.ts';
import { createMailer } from './services/mailer.ts';
import { createPusher } from './services/notices/pusher.ts';
import { createGateway } from './services/payments/gateways/create-gateway.ts';
import { createMessagingGateway } from './services/programmes/daily-draw/messaging/select.ts';
import { createPartnerGateways } from './services/programmes/partner/gateways/select.ts';
import { createSmsGateway } from './services/programmes/sms/create-gateway.ts';
import { createMediaStorage } from './storage/index.ts';

/**
 * Every outside service the shop talks to, chosen once from the configuration where a context is built (start.ts,
 * the test shop): the mailer (SMTP_URL), the payment company (PAYMENT_PROVIDER), the SMS company (SMS_PROVIDER),
 * the daily draw's messaging app (MESSAGING_PROVIDER), the media storage (MEDIA_STORAGE) and the partner sites'
 * gateways (each site's row names its adapter, so the context holds the chooser). Services reach them only through
 * ctx, never by reading the configuration themselves, so a test or the sandbox can put another in their place.
 */
export function createGateways(
  config: Config,
  db: Database,
  clock: Clock,
): Pick<AppContext, 'mailer' | 'pusher' | 'gateway' | 'sms' | 'messaging' | 'media' | 'partners'> {
  return {
    mailer: createMailer(config),
    pusher: createPusher(config),
    gateway: createGateway(config, db.pool),
    sms: createSmsGateway(config),
    messaging: createMessagingGateway(config),
    media: createMediaStorage(config),
    partners: createPartnerGateways(config, db, clock),
  };
}
