import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

const hashOutsideTheRunner = (env: Record<string, string>) => {
  const { VITEST: _runner, ...rest } = process.env;
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      "import('./apps/server/src/services/passwords.ts').then(async (m) => console.log(await m.hashPassword('x')))",
    ],
    { env: { ...rest, ...env }, encoding: 'utf8' },
  ).trim();
};

describe('password hashing', () => {
  it("is OWASP's argon2id profile outside the test runner, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ['production', 'test']) {
      expect(hashOutsideTheRunner({ NODE_ENV })).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('reads hashes of either profile (the runner hashes cheaply)', async () => {
    const cheap = await hashPassword('secret123');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'secret123')).toBe(true);
    expect(await verifyPassword(hashOutsideTheRunner({ NODE_ENV: 'production' }), 'x')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong')).toBe(false);
  });
});
