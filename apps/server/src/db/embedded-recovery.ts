import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a start of the embedded PostgreSQL can meet after an unclean end (issue 12 A3), and the messages a person
 * can act on. The message of an EmbeddedStartError is the whole text shown at start (main.ts).
 */
export class EmbeddedStartError extends Error {}

const DATABASE_USER = 'postgres';

/** The command line of a process (argv), or null when it is gone or cannot be read. */
function commandLine(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
    } catch {
      return null;
    }
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || null;
    } catch {
      return null;
    }
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}

/**
 * Clears what an earlier, killed run left in `databaseDir`: a postmaster.pid whose process is gone or is no
 * postgres of this directory is removed; a postgres of this directory that outlived the shop that started it (its
 * parent is no longer a node process) is shut down (fast shutdown, then immediate). A postgres still owned by a
 * running shop is left alone, with a message.
 */
export async function clearOrphanedPostmaster(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const argv = Number.isInteger(pid) && pid > 0 ? commandLine(pid) : null;
  const ours = argv !== null && /postgres$/.test(argv[0] ?? '') && argv.includes(databaseDir);
  if (!ours) {
    rmSync(pidFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  const parentArgv = parent && parent !== 1 ? commandLine(parent) : null;
  if (parentArgv && /node|tsx/.test(path.basename(parentArgv[0] ?? ''))) {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL in ${databaseDir} is in use by another running shop (process ${parent}).\n` +
        'What to do: stop that shop first, or give this one its own DATA_DIR.',
    );
  }
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitGone(pid, 10_000)) return;
  throw new EmbeddedStartError(
    `A PostgreSQL left over from an earlier run (process ${pid}) holds ${databaseDir} and does not stop.\n` +
      `What to do: end it (kill -QUIT ${pid}), then start again.`,
  );
}

function databaseUserIds(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, DATABASE_USER], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null; // created by the first initialisation
  }
}

/** Whether the database user may pass through `dir` (search permission). */
function passable(dir: string, user: { uid: number; gid: number } | null): boolean {
  const { mode, uid, gid } = statSync(dir);
  if (user && uid === user.uid) return (mode & 0o100) !== 0;
  if (user && gid === user.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * Running as root, the embedded server runs as the OS user `postgres`, which must be able to reach `databaseDir`.
 * The shop's own DATA_DIR is opened for passing through (o+x, no listing) when it is not; a directory above it is
 * not ours to change, so the start stops and names it.
 */
export function ensureReachableByDatabaseUser(databaseDir: string): void {
  if (process.getuid?.() !== 0) return;
  const user = databaseUserIds();
  const dataDir = path.dirname(databaseDir);
  const chain: string[] = [];
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of chain) {
    if (existsSync(dir) && !passable(dir, user)) {
      throw new EmbeddedStartError(
        `The embedded PostgreSQL runs as the OS user "${DATABASE_USER}", which cannot enter ${dir} ` +
          `(mode ${(statSync(dir).mode & 0o777).toString(8)}), so it cannot reach ${databaseDir}.\n` +
          `What to do: allow passing through it (chmod o+x ${dir}), or set DATA_DIR to a directory outside it ` +
          '(e.g. /var/lib/oripa), or use an existing PostgreSQL with DATABASE_URL.',
      );
    }
  }
  if (existsSync(dataDir) && !passable(dataDir, user)) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
}

/** The message for a server that did not come up: the step, the server's last words, and what to try. */
export function startFailure(databaseDir: string, step: string, err: unknown, logTail: string[]): EmbeddedStartError {
  const reason = err instanceof Error ? err.message : 'the server process ended before it was ready';
  const log = logTail.length ? `\nIts last messages:\n  ${logTail.join('\n  ')}` : '';
  return new EmbeddedStartError(
    `The embedded PostgreSQL in ${databaseDir} failed to ${step}: ${reason}${log}\n` +
      'What to do: read the messages above; if the directory is damaged or from another PostgreSQL version, move ' +
      'it away (the shop then creates a new, empty database) or restore it from a backup; or set DATABASE_URL ' +
      'to use an existing PostgreSQL.',
  );
}
