import type { Config } from '../../../config.ts';
import type { SmsGateway } from './gateway.ts';
import { sandboxSmsGateway } from './sandbox-gateway.ts';
import { twilioSmsGateway } from './twilio-gateway.ts';

/** The SMS company of SMS_PROVIDER: built once where the AppContext is (gateways.ts) and kept as ctx.sms. */
export function createSmsGateway(config: Config, fetchImpl: typeof fetch = fetch): SmsGateway {
  return config.sms.provider === 'twilio' ? twilioSmsGateway(config.sms, fetchImpl) : sandboxSmsGateway;
}
