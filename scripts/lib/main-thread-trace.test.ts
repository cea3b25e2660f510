import { describe, expect, it } from 'vitest';
import { interactiveAt, mainThreadTasks, taskFigures, type TraceEvent } from './main-thread-trace.ts';

const ORIGIN = 'http://127.0.0.1:4620';
const nav = (pid: number, ts: number, url: string): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  pid,
  tid: pid,
  ts,
  args: { data: { documentLoaderURL: url, isLoadingMainFrame: true } },
});
/** A RunTask of `ms` starting `atMs` after 1 000 000 µs, on thread `pid`. */
const task = (pid: number, atMs: number, ms: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid: pid,
  ts: 1_000_000 + atMs * 1000,
  dur: ms * 1000,
});

describe('mainThreadTasks', () => {
  it("takes the top-level tasks of the thread that started the page's navigation, from that start on", () => {
    const events = [
      nav(7, 900_000, 'about:blank'),
      nav(9, 1_000_000, `${ORIGIN}/pack-list?index=1`),
      task(9, -10, 30), // before the navigation
      task(9, 5, 20),
      task(9, 10, 4), // nested in the previous one
      task(7, 40, 500), // another renderer
      task(9, 100, 70),
    ];
    expect(mainThreadTasks(events, ORIGIN)).toEqual([
      { start: 5, duration: 20 },
      { start: 100, duration: 70 },
    ]);
  });

  it('fails when the trace has no navigation to the shop', () => {
    expect(() => mainThreadTasks([nav(7, 0, 'about:blank'), task(7, 1, 1)], ORIGIN)).toThrow(/no navigation/);
  });
});

describe('taskFigures', () => {
  const tasks = [
    { start: 10, duration: 120 }, // long, but 100 of its ms are before FCP at 100
    { start: 200, duration: 50 }, // exactly 50: not over the line
    { start: 300, duration: 80 },
    { start: 400, duration: 12 },
  ];

  it('gives the longest task, the tasks over 50 ms and the blocking time after FCP, as Lighthouse counts it', () => {
    expect(taskFigures(tasks, 100)).toEqual({ longest: 120, overLong: 2, blocking: 30, count: 4 });
    // FCP before every task: the first task's 70 ms past the line count too.
    expect(taskFigures(tasks, 0).blocking).toBe(70 + 30);
  });

  it('is interactive at the end of the last long task, not before FCP and DOMContentLoaded', () => {
    expect(interactiveAt(tasks, 100, 150)).toBe(380);
    expect(interactiveAt([{ start: 10, duration: 20 }], 100, 150)).toBe(150);
  });
});
