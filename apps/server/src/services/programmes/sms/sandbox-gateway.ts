import { insertOutboxSms } from '../../../db/queries/sms.ts';
import type { SmsGateway } from './gateway.ts';

/** Development, demo and tests: the message is an outbox row (channel 'sms'), read at /sandbox/outbox. */
export const sandboxSmsGateway: SmsGateway = {
  name: 'sandbox',
  async send(db, m, now) {
    const id = await insertOutboxSms(db, { to: m.to, kind: m.kind, body: m.body, now });
    return { providerRef: `sandbox_${id}` };
  },
};
