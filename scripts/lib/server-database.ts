import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database named `<prefix><random>` on the server of `serverUrl`, empty or a copy of `template`: its URL,
 * and `drop` to remove it (ending its connections). npm run bench and npm run simulate with DATABASE_URL, and the
 * server tests' clones (test/test-database.ts, test/fresh-database.ts) make theirs here.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}
