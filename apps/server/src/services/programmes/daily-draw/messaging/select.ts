import type { Config } from '../../../../config.ts';
import type { MessagingGateway } from './gateway.ts';
import { LineMessagingGateway } from './line-messaging.ts';
import { SandboxMessagingGateway } from './sandbox-messaging.ts';

/**
 * The messaging gateway of MESSAGING_PROVIDER, made once per context by gateways.ts; null for the sandbox where it
 * is off.
 */
export function createMessagingGateway(config: Config): MessagingGateway | null {
  const m = config.messaging;
  if (m.provider === 'line') return new LineMessagingGateway(m.lineChannelId, m.lineChannelSecret);
  return config.sandbox ? new SandboxMessagingGateway() : null;
}
