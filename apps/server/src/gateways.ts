import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Queryable } from './db/queryable.ts';
import { createMailer } from './services/mailer.ts';
import { createGateway } from './services/payments/gateways/create-gateway.ts';
import { createMessagingGateway } from './services/programmes/daily-draw/messaging/select.ts';
import { createSmsGateway } from './services/programmes/sms/create-gateway.ts';
import { createMediaStorage } from './storage/index.ts';

/**
 * Every outside service the shop talks to, chosen once from the configuration where a context is built (start.ts,
 * the test shop): the mailer (SMTP_URL), the payment company (PAYMENT_PROVIDER), the SMS company (SMS_PROVIDER),
 * the daily draw's messaging app (MESSAGING_PROVIDER) and the media storage (MEDIA_STORAGE). Services reach them
 * only through ctx, never by reading the configuration themselves, so a test or the sandbox can put another in
 * their place. (Partner sites are the exception: their gateway follows each site's row, services/programmes/partner.)
 */
export function createGateways(
  config: Config,
  db: Queryable,
): Pick<AppContext, 'mailer' | 'gateway' | 'sms' | 'messaging' | 'media'> {
  return {
    mailer: createMailer(config),
    gateway: createGateway(config, db),
    sms: createSmsGateway(config),
    messaging: createMessagingGateway(config),
    media: createMediaStorage(config),
  };
}
