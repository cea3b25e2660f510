import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database named `<prefix>_<random>` on the server of `serverUrl` (npm run bench, npm run simulate with
 * DATABASE_URL): its URL, and `drop` to remove it afterwards.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
