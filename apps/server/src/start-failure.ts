import type { Config } from './config.ts';
import { EmbeddedStartError } from './db/embedded-recovery.ts';

/**
 * What `npm start` prints when the shop cannot start (issue 12 A3): what failed, where, and what to do, not a
 * stack. Known causes get their own advice; anything else names itself and points to the log.
 */
export function startFailureMessage(err: unknown, config: Config): string {
  if (err instanceof EmbeddedStartError) return err.message;
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  const message = err instanceof Error ? err.message : String(err);
  if (e?.code === 'EADDRINUSE' || e?.code === 'EACCES') {
    return (
      `The shop could not listen on ${config.host}:${config.port}: ${message}.\n` +
      'What to do: stop the program using that port, or choose another with PORT.'
    );
  }
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return (
      `The shop could not use the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ` +
      `${message}.\nWhat to do: check that PostgreSQL is running and reachable from here and that DATABASE_URL's ` +
      'user, password and database are right; or unset DATABASE_URL to use the embedded PostgreSQL.'
    );
  }
  return (
    `The shop could not start: ${message}.\n` +
    `What to do: read the messages above; start again with LOG_LEVEL=debug for more detail. The embedded ` +
    `PostgreSQL keeps its files in ${config.dataDir}/pg.`
  );
}
