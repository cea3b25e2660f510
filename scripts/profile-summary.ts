/**
 * Where a server's CPU went, from the V8 profiles a benchmark's `--prof DIR` wrote (node --cpu-prof): self time
 * by function and by package, the top lines of each, so a run's profile can be read without DevTools.
 *
 *   npx tsx scripts/profile-summary.ts /tmp/prof            # every .cpuprofile in the folder, summed
 *   npx tsx scripts/profile-summary.ts /tmp/prof --top 40
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: profile-summary.ts DIR [--top N]');

/** The package a script belongs to (node_modules/<name>), node's own, or the project's folder. */
function packageOf(url: string): string {
  if (!url) return '(native / GC / idle)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const rel = url.replace(/^file:\/\//, '');
  const at = rel.search(/(apps|packages)\//);
  return at >= 0 ? rel.slice(at).split('/').slice(0, 4).join('/') : rel;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, i) => {
    const n = nodes.get(id)!;
    const us = p.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      return;
    }
    total += us;
    const fn = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = ['(garbage collector)', '(program)'].includes(functionName) ? functionName : packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  });
}
const top = Number(opt.top);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(7)} s  ${k}`);
  }
};
console.log(`busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s (all profiles in ${dir})`);
show('self time by package', byPackage);
show('self time by function', byFunction);
