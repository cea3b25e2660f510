import { describe, expect, it } from 'vitest';
import { retryConflicts } from '../src/db/transaction.ts';

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe('retryConflicts', () => {
  it('repeats after a deadlock or a serialization failure, and answers the first success', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const result = await retryConflicts(async () => {
      calls++;
      const code = codes.shift();
      if (code) throw pgError(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after the retries, and never repeats other errors', async () => {
    let calls = 0;
    await expect(
      retryConflicts(async () => {
        calls++;
        throw pgError('40P01');
      }, 2),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryConflicts(async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
