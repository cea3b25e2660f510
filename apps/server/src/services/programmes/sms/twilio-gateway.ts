import type { Config } from '../../../config.ts';
import { SmsSendError, type SmsGateway } from './gateway.ts';

const TIMEOUT_MS = 10_000;

/**
 * Twilio's Programmable Messaging REST API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth
 * with the account SID and auth token, form fields To, From or MessagingServiceSid, Body). A 201 carries the
 * message's `sid`; an error carries `code` and `message` (https://www.twilio.com/docs/usage/twilios-response).
 * The code itself never reaches a log: only Twilio's error text does.
 */
export function twilioSmsGateway(c: Config['sms'], fetchImpl: typeof fetch): SmsGateway {
  const url = `${c.twilioApiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${c.twilioAccountSid}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${c.twilioAccountSid}:${c.twilioAuthToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(_db, m) {
      const form = new URLSearchParams({ To: m.to, Body: m.body });
      form.set(c.twilioFrom.startsWith('MG') ? 'MessagingServiceSid' : 'From', c.twilioFrom);
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new SmsSendError(`twilio unreachable: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as {
        sid?: unknown;
        status?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (res.ok && typeof body?.sid === 'string' && body.status !== 'failed') return { providerRef: body.sid };
      throw new SmsSendError(`twilio ${res.status} ${String(body?.code ?? '')} ${String(body?.message ?? '')}`.trim());
    },
  };
}
