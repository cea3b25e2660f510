import type { Config } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import type { SmsGateway } from './gateway.ts';
import { sandboxSmsGateway } from './sandbox-gateway.ts';
import { twilioSmsGateway } from './twilio-gateway.ts';

export function createSmsGateway(config: Config, fetchImpl: typeof fetch = fetch): SmsGateway {
  return config.sms.provider === 'twilio' ? twilioSmsGateway(config.sms, fetchImpl) : sandboxSmsGateway;
}

const made = new WeakMap<AppContext, SmsGateway>();

/** The context's gateway (tests may set ctx.sms), else the configured one, made once per context. */
export function smsGateway(ctx: AppContext): SmsGateway {
  if (ctx.sms) return ctx.sms;
  let g = made.get(ctx);
  if (!g) made.set(ctx, (g = createSmsGateway(ctx.config)));
  return g;
}
