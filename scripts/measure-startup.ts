/**
 * Start-up time: from launching `npm start` (SPA build + server) to the first answered /api request, on a fresh
 * DATA_DIR (cold: initdb, migrations, demo seed) and again on the same one (warm). Prints each run and the median.
 *   npx tsx scripts/measure-startup.ts [--runs 3] [--port 3900]
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 3);
const port = arg('port', 3900);

async function startOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${stderr.slice(-500)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/user/point`);
        if ((await res.json()).state === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'oripa-startup-'));
  chmodSync(dir, 0o755); // as root the embedded PostgreSQL runs as its own OS user, which must reach the data dir
  try {
    cold.push(await startOnce(path.join(dir, 'data')));
    warm.push(await startOnce(path.join(dir, 'data')));
    console.log(`run ${i + 1}: cold ${Math.round(cold[i]!)} ms, warm ${Math.round(warm[i]!)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`median of ${runs}: cold ${Math.round(median(cold))} ms, warm ${Math.round(median(warm))} ms`);
