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
    const c = parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(c.sandbox).toBe(false);
    expect(c.seedDemo).toBe(false);
    expect(c.secureCookies).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SANDBOX: '1' }).sandbox).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).port).toBe(3000);
  });
});
