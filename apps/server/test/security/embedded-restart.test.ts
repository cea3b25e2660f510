import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';

/**
 * Issue 12 A3: after a SIGKILL of the shop its PostgreSQL lives on, holding the data directory, and the next start
 * failed with only `triggerUncaughtException ... undefined`; a DATA_DIR the database user cannot enter failed with
 * a raw initdb error.
 */
const embeddedModule = fileURLToPath(new URL('../../src/db/embedded.ts', import.meta.url));
const mainModule = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const dirs: string[] = [];
const leftovers: number[] = [];

function tempDir(mode = 0o755) {
  const dir = mkdtempSync(path.join(tmpdir(), 'oripa-restart-'));
  chmodSync(dir, mode);
  dirs.push(dir);
  return dir;
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  // Never leave a server behind, whatever the test saw.
  for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGQUIT');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts the embedded server in a child node process, then SIGKILLs that process: its postgres stays. */
async function orphanServer(dataDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(embeddedModule)});
       await startEmbeddedPostgres(${JSON.stringify(dataDir)});
       console.log('READY');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('READY') && resolve());
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  const pid = postmasterPid(dataDir);
  leftovers.push(pid);
  return pid;
}

it('starts again after the process that owned the embedded server was SIGKILLed', async () => {
  const dataDir = path.join(tempDir(), 'pg');
  const orphan = await orphanServer(dataDir);
  expect(alive(orphan)).toBe(true);

  const server = await startEmbeddedPostgres(dataDir);
  try {
    expect(alive(orphan)).toBe(false);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await client.end();
  } finally {
    await server.stop();
  }
}, 120_000);

it.runIf(process.getuid?.() === 0)(
  'starts over a stale postmaster.pid whose pid now belongs to another process',
  async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const first = await startEmbeddedPostgres(dataDir);
    const pidFile = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
    await first.stop();
    // As after a power cut: the file is back and its pid was reused, here by a process of the database user.
    const other = spawn('setpriv', ['--reuid=postgres', '--regid=postgres', '--clear-groups', 'sleep', '60']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      writeFileSync(path.join(dataDir, 'postmaster.pid'), pidFile.replace(/^\d+/, String(other.pid)));
      const server = await startEmbeddedPostgres(dataDir);
      await server.stop();
      expect(alive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  },
  120_000,
);

it.runIf(process.getuid?.() === 0)(
  'starts in a DATA_DIR the database user could not enter (root, mode 0700)',
  async () => {
    const dataDir = path.join(tempDir(0o700), 'pg');
    const server = await startEmbeddedPostgres(dataDir);
    await server.stop();
  },
  120_000,
);

it('a start that fails says what failed, where, and what to do, without a stack', () => {
  const dataDir = tempDir();
  const pgDir = path.join(dataDir, 'pg');
  // A data directory PostgreSQL refuses: a version file from a server that does not exist.
  spawnSync('mkdir', ['-p', pgDir]);
  writeFileSync(path.join(pgDir, 'PG_VERSION'), '7\n');
  chmodSync(pgDir, 0o700);
  const run = spawnSync(process.execPath, ['--import', 'tsx', mainModule], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', JOBS: '0', SEED_DEMO: '0', LOG_LEVEL: 'silent' },
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('embedded PostgreSQL');
  expect(run.stderr).toContain(pgDir);
  expect(run.stderr).toMatch(/What to do:/);
  expect(run.stderr).not.toMatch(/triggerUncaughtException|\n\s+at /);
  expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
}, 90_000);
