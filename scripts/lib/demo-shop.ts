import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { START_TIMEOUT_MS } from './start-timeout.ts';

/** A shop of its own for a tool that looks at pages (lighthouse, screenshots): built SPA, fresh demo database. */
export interface DemoShop {
  base: string;
  stop(): Promise<void>;
}

async function waitUntilUp(base: string, shop: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`the shop exited with code ${shop.exitCode}`);
    const ok = await fetch(`${base}/api/user/point`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the shop did not start within ${START_TIMEOUT_MS} ms (START_TIMEOUT_MS)`);
}

/**
 * Starts the shop (apps/server/src/main.ts, serving apps/web/dist) on a free port with a fresh embedded database and
 * the demo data, and waits until it answers; `stop` ends it and removes the database.
 */
export async function startDemoShop(name: string): Promise<DemoShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-shop-`));
  const shop = spawn(path.resolve('node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (shop.exitCode === null) {
      shop.kill('SIGTERM');
      await new Promise((r) => shop.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(base, shop);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}
