import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSourceFiles, webBuildFreshness, writeBuildStamp } from './web-build-freshness.ts';

let root: string;
const dist = () => path.join(root, 'apps/web/dist');
const write = (rel: string, body = 'x') => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), body);
};
/** Sets a file's modification time to `ms`. */
const touch = (rel: string, ms: number) => utimesSync(path.join(root, rel), ms / 1000, ms / 1000);
const built = (startedAtMs: number) => {
  write('apps/web/dist/index.html');
  write('apps/web/dist/admin/admin.html');
  write('apps/web/dist/ssr/entry-server.js');
  writeBuildStamp(dist(), startedAtMs);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'oripa-freshness-'));
  write('apps/web/src/main.tsx');
  write('packages/core/src/rank.ts');
  write('package-lock.json');
  for (const f of ['apps/web/src/main.tsx', 'packages/core/src/rank.ts', 'package-lock.json']) touch(f, 1_000_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webBuildFreshness', () => {
  it('asks for a build when there is none, or only half of one', () => {
    expect(webBuildFreshness(root, dist())).toMatchObject({ fresh: false, reason: 'no built index.html' });
    write('apps/web/dist/index.html');
    expect(webBuildFreshness(root, dist())).toMatchObject({ fresh: false, reason: 'no built admin/admin.html' });
    write('apps/web/dist/admin/admin.html');
    // The server renders the storefront's pages with the build's own components (ADR 0052).
    expect(webBuildFreshness(root, dist())).toMatchObject({ fresh: false, reason: 'no built ssr/entry-server.js' });
  });

  it('asks for a build made without the stamp (a build that did not finish, or another tool)', () => {
    write('apps/web/dist/index.html');
    write('apps/web/dist/admin/admin.html');
    write('apps/web/dist/ssr/entry-server.js');
    expect(webBuildFreshness(root, dist()).fresh).toBe(false);
  });

  it('is fresh when no source changed after the build started, stale when one did', () => {
    built(2_000_000);
    expect(webBuildFreshness(root, dist())).toEqual({ fresh: true });
    touch('packages/core/src/rank.ts', 2_000_001);
    expect(webBuildFreshness(root, dist())).toMatchObject({
      fresh: false,
      reason: 'sources changed since the last build',
    });
  });

  it('counts package-lock.json but not tests, dependencies or the build itself', () => {
    built(2_000_000);
    write('apps/web/src/x.test.tsx');
    write('apps/web/node_modules/dep/index.js');
    write('apps/web/dist/assets/app.js');
    expect(webBuildFreshness(root, dist()).fresh).toBe(true);
    touch('package-lock.json', 3_000_000);
    expect(webBuildFreshness(root, dist()).fresh).toBe(false);
  });
});

describe('buildSourceFiles', () => {
  it('takes the files git knows, new ones included, and leaves out what git ignores', () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    write('.gitignore', 'apps/web/generated/\n');
    write('apps/web/generated/big.js');
    git('add', 'apps', 'packages', 'package-lock.json');
    write('apps/web/src/new-page.tsx');
    expect(buildSourceFiles(root).sort()).toEqual([
      'apps/web/src/main.tsx',
      'apps/web/src/new-page.tsx',
      'package-lock.json',
      'packages/core/src/rank.ts',
    ]);
  });
});
