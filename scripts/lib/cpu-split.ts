import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a benchmark's CPU time goes (Linux /proc): the load generator itself, each server process, and the
 * processes below the generator that are neither (an embedded PostgreSQL and its backends). Times are summed
 * user + system seconds of live processes, so a backend that exited during the run is not counted.
 */
const TICK_S = 0.01; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; cpuS: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpuS: (Number(f[11]) + Number(f[12])) * TICK_S };
  } catch {
    return null;
  }
}

/** CPU seconds so far: this process, each of `servers`, and every other descendant of this process. */
export function cpuSeconds(servers: number[]): { generator: number; servers: number[]; others: number } {
  const all = new Map<number, { ppid: number; cpuS: number }>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (s) all.set(pid, s);
  }
  const isBelow = (pid: number, root: number) => {
    for (let p = all.get(pid)?.ppid; p !== undefined && p > 1; p = all.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  const serverSet = new Set(servers);
  let others = 0;
  for (const [pid, s] of all) {
    if (serverSet.has(pid) || !isBelow(pid, process.pid)) continue;
    if (servers.some((root) => isBelow(pid, root))) continue;
    others += s.cpuS;
  }
  const u = process.cpuUsage();
  return {
    generator: (u.user + u.system) / 1e6,
    servers: servers.map((pid) => all.get(pid)?.cpuS ?? 0),
    others,
  };
}

/** The split between two readings, as "generator 41 s (35 %), instances 30 s + 28 s, PostgreSQL 12 s" parts. */
export function cpuSplitLine(a: ReturnType<typeof cpuSeconds>, b: ReturnType<typeof cpuSeconds>, wallS: number) {
  const gen = b.generator - a.generator;
  const srv = b.servers.map((s, i) => s - a.servers[i]!);
  const oth = b.others - a.others;
  const total = gen + srv.reduce((x, y) => x + y, 0) + oth;
  const pc = (x: number) => `${((100 * x) / total).toFixed(0)} %`;
  const s = (x: number) => `${x.toFixed(1)} s`;
  return (
    `cpu over ${wallS.toFixed(0)} s (2 cores = ${(2 * wallS).toFixed(0)} s): load generator ${s(gen)} (${pc(gen)}), ` +
    `instances ${srv.map(s).join(' + ')} (${pc(srv.reduce((x, y) => x + y, 0))}), ` +
    `PostgreSQL ${s(oth)} (${pc(oth)})`
  );
}
