import type { Config } from '../../../../config.ts';
import type { MessagingGateway } from './gateway.ts';
import { LineMessagingGateway } from './line-messaging.ts';
import { SandboxMessagingGateway } from './sandbox-messaging.ts';

const made = new WeakMap<Config, MessagingGateway | null>();

/** The messaging gateway of MESSAGING_PROVIDER (one per configuration); null for the sandbox where it is off. */
export function messagingGateway(config: Config): MessagingGateway | null {
  if (!made.has(config)) {
    const m = config.messaging;
    made.set(
      config,
      m.provider === 'line'
        ? new LineMessagingGateway(m.lineChannelId, m.lineChannelSecret)
        : config.sandbox
          ? new SandboxMessagingGateway()
          : null,
    );
  }
  return made.get(config)!;
}
