import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['MAINTENANCE', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['OPERATOR_EMAIL', 'not-a-mail'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/8, not-an-address'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['DB_ACQUIRE_TIMEOUT_MS', '0'],
    ['DB_STATEMENT_TIMEOUT_MS', 'soon'],
    ['HTTP_REQUEST_TIMEOUT_MS', '10'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('production turns the sandbox and demo data off, cookies Secure, and needs a secret', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
    };
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ALLOW_UNSENT_MESSAGES: '1' };
    const c = parseConfig({ ...base, PAYMENT_PROVIDER: 'stripe', ...stripe });
    expect(c.sandbox).toBe(false);
    expect(c.seedDemo).toBe(false);
    expect(c.secureCookies).toBe(true);
    expect(c.host).toBe('0.0.0.0');
  });

  // Issue 20: the development default listened on every interface with the open sandbox, which can mint points.
  it('listens on this machine only in development, unless HOST says otherwise', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  // Issue 20: production started without a word when SMS or mail could only reach the outbox.
  it('refuses a production start whose SMS or mail would never arrive, naming the variable, unless allowed', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
    };
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_FROM: '+815000000000',
    };
    expect(() => parseConfig(prod)).toThrow(/SMS_PROVIDER: sandbox only keeps SMS in the outbox/);
    expect(() => parseConfig({ ...prod, ...twilio })).toThrow(/SMTP_URL: required in production/);
    expect(parseConfig({ ...prod, ...twilio, SMTP_URL: 'smtp://mail.example:587' }).mail.smtpUrl).toBe(
      'smtp://mail.example:587',
    );
    expect(parseConfig({ ...prod, ALLOW_UNSENT_MESSAGES: '1' }).sms.provider).toBe('sandbox');
    expect(() => parseConfig({ ...prod, ALLOW_UNSENT_MESSAGES: 'yes' })).toThrow(/ALLOW_UNSENT_MESSAGES/);
    // Development and a staging shop (SANDBOX=1, testers read the outbox) start as before.
    expect(parseConfig({}).sms.provider).toBe('sandbox');
  });

  it('never runs the sandbox gateway in production by accident, nor with the development callback secret', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SANDBOX_SECRET: 'z'.repeat(40) };
    expect(() => parseConfig(base)).toThrow(/PAYMENT_PROVIDER: sandbox is not allowed/);
    expect(() => parseConfig({ ...base, SANDBOX: '1' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
    const staging = parseConfig({ ...base, SANDBOX: '1', PAYMENT_CALLBACK_SECRET: 'y'.repeat(40) });
    expect(staging.sandbox).toBe(true);
    expect(staging.payments.callbackSecret).toBe('y'.repeat(40));
  });

  // Issue 12 A4: a staging shop's /sandbox minted points and showed every mail to anyone.
  it('refuses a production sandbox without SANDBOX_SECRET of at least 32 characters', () => {
    const staging = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SANDBOX: '1' };
    const secret = { PAYMENT_CALLBACK_SECRET: 'y'.repeat(40) };
    expect(() => parseConfig({ ...staging, ...secret })).toThrow(/SANDBOX_SECRET: required/);
    expect(() => parseConfig({ ...staging, ...secret, SANDBOX_SECRET: 'short' })).toThrow(/SANDBOX_SECRET/);
    expect(parseConfig({ ...staging, ...secret, SANDBOX_SECRET: 's'.repeat(32) }).sandboxSecret).toBe('s'.repeat(32));
    expect(parseConfig({ SANDBOX: '1' }).sandboxSecret).toBeNull();
  });

  // Issue 12 A1: TRUST_PROXY=1 meant "believe every X-Forwarded-For entry"; now it counts proxy hops.
  it('reads TRUST_PROXY as a number of proxy hops or a list of proxy addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1,::1');
  });

  it('has database and request timeouts by default (issue 12 A10)', () => {
    const c = parseConfig({});
    expect(c.dbAcquireTimeoutMs).toBe(5000);
    expect(c.dbStatementTimeoutMs).toBe(10_000);
    expect(c.httpRequestTimeoutMs).toBe(15_000);
    expect(parseConfig({ DB_STATEMENT_TIMEOUT_MS: '2500' }).dbStatementTimeoutMs).toBe(2500);
  });

  it('reads the monthly age-band caps (issue 19 §2) and refuses a younger band above an older one', () => {
    expect(parseConfig({}).ageCaps).toEqual({ under16: 5_000, age16to17: 20_000 });
    expect(parseConfig({ AGE_CAP_UNDER_16: '3000', AGE_CAP_16_17: '10000' }).ageCaps).toEqual({
      under16: 3_000,
      age16to17: 10_000,
    });
    expect(() => parseConfig({ AGE_CAP_UNDER_16: '30000' })).toThrow(/AGE_CAP_UNDER_16/);
    expect(() => parseConfig({ AGE_CAP_16_17: '-1' })).toThrow(/AGE_CAP_16_17/);
    expect(() => parseConfig({ AGE_CAP_16_17: 'lots' })).toThrow(/AGE_CAP_16_17/);
  });

  it('reads the return-rate band the pack editor warns outside of, in basis points, and refuses it upside down', () => {
    expect(parseConfig({}).packReturnRateBand).toEqual({ minBp: 6_000, maxBp: 10_000 });
    expect(parseConfig({ PACK_RETURN_RATE_MIN: '70', PACK_RETURN_RATE_MAX: '85' }).packReturnRateBand).toEqual({
      minBp: 7_000,
      maxBp: 8_500,
    });
    expect(() => parseConfig({ PACK_RETURN_RATE_MIN: '90', PACK_RETURN_RATE_MAX: '80' })).toThrow(
      /PACK_RETURN_RATE_MIN/,
    );
    expect(() => parseConfig({ PACK_RETURN_RATE_MAX: '-5' })).toThrow(/PACK_RETURN_RATE_MAX/);
    expect(() => parseConfig({ PACK_RETURN_RATE_MIN: 'half' })).toThrow(/PACK_RETURN_RATE_MIN/);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).port).toBe(3000);
  });

  it('routes methods to providers (PAYMENT_ROUTES) and asks for the keys of every provider used (ADR 0042)', () => {
    const komoju = { KOMOJU_SECRET_KEY: 'sk_test_abc123', KOMOJU_WEBHOOK_SECRET: 'a-webhook-secret-token' };
    const c = parseConfig({ PAYMENT_ROUTES: 'komoju=2,6,10; komoju=11,13', ...komoju });
    expect(c.payments.provider).toBe('sandbox');
    expect([...c.payments.routes.entries()]).toEqual([
      [2, 'komoju'],
      [6, 'komoju'],
      [10, 'komoju'],
      [11, 'komoju'],
      [13, 'komoju'],
    ]);
    expect(parseConfig({}).payments.routes.size).toBe(0);
    expect(() => parseConfig({ PAYMENT_ROUTES: 'komoju=10' })).toThrow(/KOMOJU_SECRET_KEY: required/);
    expect(() => parseConfig({ PAYMENT_ROUTES: 'paypal=3', ...komoju })).toThrow(/PAYMENT_ROUTES: unknown provider/);
    expect(() => parseConfig({ PAYMENT_ROUTES: 'komoju=9', ...komoju })).toThrow(/PAYMENT_ROUTES: unknown pay id "9"/);
    expect(() => parseConfig({ PAYMENT_ROUTES: 'stripe=1' })).toThrow(/STRIPE_SECRET_KEY: required/);
  });
});
