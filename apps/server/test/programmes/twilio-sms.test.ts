import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { createSmsGateway } from '../../src/services/programmes/sms/create-gateway.ts';
import { SmsSendError } from '../../src/services/programmes/sms/gateway.ts';

const replies = JSON.parse(readFileSync(new URL('./fixtures/twilio-replies.json', import.meta.url), 'utf8')) as Record<
  string,
  { status: number; body: unknown }
>;

const SID = 'AC00000000000000000000000000000001';
const config = (from = '+15005550006') =>
  parseConfig({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: 'test-auth-token-0123456789',
    TWILIO_FROM: from,
  });

/** A fetch that records the request and answers one recorded reply. */
function recorded(name: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const r = replies[name]!;
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const msg = { to: '+819012345678', body: '認証コード: 123456', kind: 'sms_code' };
const db = { query: () => Promise.reject(new Error('the Twilio adapter writes nothing')) };

describe('Twilio SMS gateway (recorded replies)', () => {
  it('posts To, From and Body with basic auth to the account Messages resource and answers the sid', async () => {
    const { calls, fetchImpl } = recorded('created');
    const g = createSmsGateway(config(), fetchImpl);
    expect(g.name).toBe('twilio');
    expect(await g.send(db, msg, new Date())).toEqual({ providerRef: 'SM0123456789abcdef0123456789abcdef' });
    expect(calls[0]!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:test-auth-token-0123456789`).toString('base64')}`);
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({ To: msg.to, Body: msg.body, From: '+15005550006' });
  });

  it('uses MessagingServiceSid for a messaging service', async () => {
    const { calls, fetchImpl } = recorded('created');
    await createSmsGateway(config('MG00000000000000000000000000000001'), fetchImpl).send(db, msg, new Date());
    expect(new URLSearchParams(String(calls[0]!.init.body)).get('MessagingServiceSid')).toBe(
      'MG00000000000000000000000000000001',
    );
  });

  it.each(['invalidTo', 'unauthorized'])('turns the %s error reply into SmsSendError with its code', async (name) => {
    const { fetchImpl } = recorded(name);
    const err = await createSmsGateway(config(), fetchImpl)
      .send(db, msg, new Date())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).detail).toContain(String((replies[name]!.body as { code: number }).code));
  });

  it('a network failure is SmsSendError', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(createSmsGateway(config(), fetchImpl).send(db, msg, new Date())).rejects.toBeInstanceOf(SmsSendError);
  });

  it('SMS_PROVIDER=twilio without credentials stops the start', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});
