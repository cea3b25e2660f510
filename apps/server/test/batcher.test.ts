import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Batcher, RETRY_LATER } from '../src/db/batcher.ts';

/** A run function whose batches stay open until the test releases them. */
function controlledRun<I, O>(answer: (items: I[]) => (O | typeof RETRY_LATER)[] | Error) {
  const calls: { items: I[]; release: () => void }[] = [];
  const run = (items: I[]) =>
    new Promise<(O | typeof RETRY_LATER)[]>((resolve, reject) => {
      calls.push({
        items,
        release: () => {
          const a = answer(items);
          if (a instanceof Error) reject(a);
          else resolve(a);
        },
      });
    });
  return { run, calls };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher', () => {
  it('sends a lone item at once, and batches what arrives while maxInFlight batches run', async () => {
    const { run, calls } = controlledRun<number, number>((xs) => xs.map((x) => x * 10));
    const b = new Batcher(run, { maxInFlight: 2, maxBatch: 3 });
    const first = b.submit(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const rest = [2, 3, 4, 5, 6, 7].map((x) => b.submit(x));
    // The second slot takes 2 alone; 3..7 wait for a slot and leave in batches of at most 3.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0]!.release();
    expect(await first).toBe(10);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]!.release();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    calls[2]!.release();
    calls[3]!.release();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50, 60, 70]);
  });

  it('keeps items its gate turns away for a later batch, in arrival order', async () => {
    const { run, calls } = controlledRun<string, string>((xs) => xs);
    const oddOnce = () => {
      const seen = new Set<string>();
      return (x: string) => (seen.has(x[0]!) ? false : (seen.add(x[0]!), true));
    };
    const b = new Batcher(run, { maxInFlight: 1, maxBatch: 10, gate: oddOnce });
    const all = ['a1', 'a2', 'b1', 'a3', 'b2'].map((x) => b.submit(x));
    calls[0]!.release(); // ['a1']
    await tick();
    expect(calls[1]!.items).toEqual(['a2', 'b1']);
    calls[1]!.release();
    await tick();
    expect(calls[2]!.items).toEqual(['a3', 'b2']);
    calls[2]!.release();
    expect(await Promise.all(all)).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
  });

  it('queues an item answered RETRY_LATER again', async () => {
    let retried = false;
    const { run, calls } = controlledRun<number, number>((xs) =>
      xs.map((x) => (x === 2 && !retried ? ((retried = true), RETRY_LATER) : x)),
    );
    const b = new Batcher(run, { maxInFlight: 1, maxBatch: 10 });
    const p = [1, 2, 3].map((x) => b.submit(x));
    calls[0]!.release();
    await tick();
    calls[1]!.release(); // [2, 3]: 2 comes back
    await tick();
    expect(calls[2]!.items).toEqual([2]);
    calls[2]!.release();
    expect(await Promise.all(p)).toEqual([1, 2, 3]);
  });

  it('runs each item of a failed batch alone, so only the failing item sees the error', async () => {
    const { run, calls } = controlledRun<number, number>((xs) => (xs.includes(3) ? new Error('bad 3') : xs));
    const b = new Batcher(run, { maxInFlight: 1, maxBatch: 10 });
    const p = [1, 2, 3, 4].map((x) => b.submit(x).then(String, (e: Error) => e.message));
    calls[0]!.release(); // [1]
    await tick();
    calls[1]!.release(); // [2, 3, 4] fails: each alone
    await tick();
    expect(calls.slice(2).map((c) => c.items)).toEqual([[2], [3], [4]]);
    for (const c of calls.slice(2)) c.release();
    expect(await Promise.all(p)).toEqual(['1', '2', 'bad 3', '4']);
  });

  it('fails every item of a batch at once when retryAlone says the error is everyone’s (the database is away)', async () => {
    const { run, calls } = controlledRun<number, number>((xs) => (xs.length > 1 ? new Error('pool timeout') : xs));
    const b = new Batcher(run, {
      maxInFlight: 1,
      maxBatch: 10,
      retryAlone: (e) => (e as Error).message !== 'pool timeout',
    });
    const p = [1, 2, 3].map((x) => b.submit(x).then(String, (e: Error) => e.message));
    calls[0]!.release(); // [1]
    await tick();
    calls[1]!.release(); // [2, 3] fails: not run again
    expect(await Promise.all(p)).toEqual(['1', 'pool timeout', 'pool timeout']);
    expect(calls).toHaveLength(2);
  });

  it('answers every item with its own result, whatever the arrival pattern (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        async (gaps, maxInFlight, maxBatch) => {
          let running = 0;
          let most = 0;
          const b = new Batcher(
            async (xs: number[]) => {
              running++;
              most = Math.max(most, running);
              expect(xs.length).toBeLessThanOrEqual(maxBatch);
              await tick();
              running--;
              return xs.map((x) => -x);
            },
            { maxInFlight, maxBatch },
          );
          const answers: Promise<number>[] = [];
          for (const [i, gap] of gaps.entries()) {
            for (let k = 0; k < gap; k++) await tick();
            answers.push(b.submit(i));
          }
          expect(await Promise.all(answers)).toEqual(gaps.map((_, i) => -i));
          expect(most).toBeLessThanOrEqual(maxInFlight);
        },
      ),
      { numRuns: 100 },
    );
  });
});
