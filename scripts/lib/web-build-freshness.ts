/**
 * Whether the built storefront (apps/web/dist) still matches its sources, so `npm start` builds only when it must
 * (issue 20: a warm start answers within seconds; a fresh clone still builds first).
 *
 * The sources are the files git knows in apps/web and packages/core (tracked, or new and not ignored: a file a
 * developer just added counts too), and package-lock.json; tests are never in the build, so they do not count. A
 * stamp written after a complete build (both the storefront and the console) records when that build STARTED: a
 * source saved while vite was running is newer than the stamp, so the next start builds again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folders and files whose change means a new build. */
export const BUILD_SOURCES = ['apps/web', 'packages/core', 'package-lock.json'];
const NOT_IN_BUILD = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

/** Files that must exist in a complete build: the storefront's page and the console's (ADR 0013). */
const BUILT_PAGES = ['index.html', 'admin/admin.html', 'ssr/entry-server.js'];

export interface Freshness {
  fresh: boolean;
  /** Why a build is needed, for the start's one line of output. */
  reason?: string;
}

/** The source files, relative to root: git's list when there is a repository, else a walk of the folders. */
export function buildSourceFiles(root: string): string[] {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...BUILD_SOURCES],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return out.split('\0').filter((f) => f && !NOT_IN_BUILD.test(f));
  } catch {
    // No git (an unpacked archive): every file under the source folders but dependencies and builds.
    const files: string[] = [];
    const walk = (rel: string) => {
      const abs = path.join(root, rel);
      if (!existsSync(abs)) return;
      if (!statSync(abs).isDirectory()) {
        if (!NOT_IN_BUILD.test(rel)) files.push(rel);
        return;
      }
      for (const name of readdirSync(abs)) {
        const child = `${rel}/${name}`;
        if (!NOT_IN_BUILD.test(child)) walk(child);
      }
    };
    for (const s of BUILD_SOURCES) walk(s);
    return files;
  }
}

/** The newest modification time (ms) among the sources; a file listed by git but deleted since is skipped. */
export function newestSourceMtime(root: string, files = buildSourceFiles(root)): number {
  let newest = 0;
  for (const f of files) {
    try {
      newest = Math.max(newest, statSync(path.join(root, f)).mtimeMs);
    } catch {
      /* deleted in the work tree: its deletion changed a folder, which a later build will see through git */
    }
  }
  return newest;
}

const stampPath = (distDir: string) => path.join(distDir, '.vite', 'built-from.json');

/** Records that a complete build started at `startedAtMs` produced distDir (call after both builds succeeded). */
export function writeBuildStamp(distDir: string, startedAtMs: number) {
  mkdirSync(path.dirname(stampPath(distDir)), { recursive: true });
  writeFileSync(stampPath(distDir), JSON.stringify({ startedAtMs }));
}

export function webBuildFreshness(root: string, distDir: string): Freshness {
  const missing = BUILT_PAGES.find((p) => !existsSync(path.join(distDir, p)));
  if (missing) return { fresh: false, reason: `no built ${missing}` };
  let startedAtMs: number;
  try {
    startedAtMs = Number(
      (JSON.parse(readFileSync(stampPath(distDir), 'utf8')) as { startedAtMs: unknown }).startedAtMs,
    );
  } catch {
    return { fresh: false, reason: 'the build has no stamp (built by another command, or not finished)' };
  }
  if (!Number.isFinite(startedAtMs)) return { fresh: false, reason: 'the build stamp is unreadable' };
  return newestSourceMtime(root) > startedAtMs
    ? { fresh: false, reason: 'sources changed since the last build' }
    : { fresh: true };
}
