import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { createServerDatabase } from './server-database.ts';

/**
 * A benchmark's own database: a fresh `<prefix>…` one on the server of DATABASE_URL when it is set, else an embedded
 * PostgreSQL in a temporary folder; `cleanup` removes it (with `keep`, an external one is kept and its URL printed).
 */
export async function benchDatabase(
  prefix: string,
  keep = false,
): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const { url, drop } = await createServerDatabase(external, prefix);
    return { url, cleanup: keep ? async () => console.log(`kept: ${url}`) : drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `oripa-${prefix.replace(/_/g, '-')}`));
  spawnSync('chmod', ['755', dir]);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  return {
    url: embedded.url,
    cleanup: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
