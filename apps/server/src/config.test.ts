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
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('production turns the sandbox and demo data off, cookies Secure, and needs a secret', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    const c = parseConfig({ ...base, PAYMENT_PROVIDER: 'stripe', ...stripe });
    expect(c.sandbox).toBe(false);
    expect(c.seedDemo).toBe(false);
    expect(c.secureCookies).toBe(true);
  });

  it('never runs the sandbox gateway in production by accident, nor with the development callback secret', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(() => parseConfig(base)).toThrow(/PAYMENT_PROVIDER: sandbox is not allowed/);
    expect(() => parseConfig({ ...base, SANDBOX: '1' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
    const staging = parseConfig({ ...base, SANDBOX: '1', PAYMENT_CALLBACK_SECRET: 'y'.repeat(40) });
    expect(staging.sandbox).toBe(true);
    expect(staging.payments.callbackSecret).toBe('y'.repeat(40));
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).port).toBe(3000);
  });
});
