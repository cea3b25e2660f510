/**
 * The page's main-thread tasks read from a Chromium trace (categories TRACE_CATEGORIES), as figures in milliseconds
 * from the navigation's start. Pure arithmetic on the trace's events: scripts/lib/page-start-tasks.ts records it.
 *
 * A task is a top-level `RunTask` event on the main thread (CrRendererMain) of the renderer that ran the navigation,
 * the same unit Lighthouse's Total Blocking Time and the browser's long-task entries are made of. Unlike long-task
 * entries, which only report tasks of 50 ms or more, the trace has every task, so the longest one is known even when
 * it is shorter than 50 ms.
 */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
];

/** The subset of a Chrome trace event this file reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

export interface Task {
  /** ms from the navigation's start */
  start: number;
  /** ms */
  duration: number;
}

/**
 * When the page became interactive, as Lighthouse's Time to Interactive puts it on a page that then stays quiet: the
 * end of its last long task, but not before the first contentful paint and DOMContentLoaded.
 */
export function interactiveAt(tasks: readonly Task[], fcpMs: number, domContentLoadedMs: number): number {
  const ends = tasks.filter((t) => t.duration > LONG_TASK_MS).map((t) => t.start + t.duration);
  return Math.max(fcpMs, domContentLoadedMs, ...ends);
}

/** Lighthouse's and the long-task API's line: a task over 50 ms blocks input; its time past 50 ms is blocking time. */
export const LONG_TASK_MS = 50;

export function traceEvents(trace: Buffer | string): TraceEvent[] {
  const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/**
 * The main thread's tasks from the page's navigation on: the thread that logged the start of the last main-frame
 * navigation to a page of `origin`, its top-level RunTask events at or after that start, in time order.
 */
export function mainThreadTasks(events: readonly TraceEvent[], origin: string): Task[] {
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      (e.args.data.documentLoaderURL ?? '').startsWith(`${origin}/`),
  );
  const nav = starts.sort((a, b) => a.ts - b.ts).at(-1);
  if (!nav) {
    const seen = events.filter((e) => e.name === 'navigationStart').map((e) => e.args?.data?.documentLoaderURL);
    throw new Error(`the trace has no navigation to a page of ${origin} (navigations: ${JSON.stringify(seen)})`);
  }
  const tasks: Task[] = [];
  let busyUntil = -Infinity;
  const runs = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts)
    .sort((a, b) => a.ts - b.ts);
  for (const e of runs) {
    // A task nested in another (a nested run loop) is part of its parent's time, not a task of its own.
    if (e.ts < busyUntil) continue;
    busyUntil = e.ts + (e.dur ?? 0);
    tasks.push({ start: (e.ts - nav.ts) / 1000, duration: (e.dur ?? 0) / 1000 });
  }
  return tasks;
}

export interface TaskFigures {
  /** ms of the longest task */
  longest: number;
  /** tasks over LONG_TASK_MS */
  overLong: number;
  /** Total Blocking Time as Lighthouse counts it: each task's time past 50 ms, counting only its part after FCP */
  blocking: number;
  /** every task */
  count: number;
}

/** Figures of the tasks; blocking time counts from `fcpMs` on. */
export function taskFigures(tasks: readonly Task[], fcpMs: number): TaskFigures {
  return {
    longest: Math.max(0, ...tasks.map((t) => t.duration)),
    overLong: tasks.filter((t) => t.duration > LONG_TASK_MS).length,
    blocking: tasks.reduce((sum, t) => {
      const afterFcp = t.start + t.duration - Math.max(t.start, fcpMs);
      return sum + Math.max(0, afterFcp - LONG_TASK_MS);
    }, 0),
    count: tasks.length,
  };
}
