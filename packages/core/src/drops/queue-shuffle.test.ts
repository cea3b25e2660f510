import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../fairness/ticket-sequence.ts';
import { queueOrder, verifyQueueOrder } from './queue-shuffle.ts';

const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const codes = fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{16}$/), { minLength: 0, maxLength: 200 });

describe('the pre-queue shuffle at the start', () => {
  it('is a permutation that depends on the members present and the seed, not on their arrival order', () => {
    fc.assert(
      fc.property(codes, hex, fc.integer(), (list, seed, rot) => {
        const order = queueOrder(list, seed);
        expect([...order].sort()).toEqual([...list].sort());
        const k = list.length ? Math.abs(rot) % list.length : 0;
        const arrivedOtherwise = [...list.slice(k), ...list.slice(0, k)].reverse();
        expect(queueOrder(arrivedOtherwise, seed)).toEqual(order);
      }),
    );
  });

  it('verifies the published order against the revealed seed and refuses a changed one', () => {
    fc.assert(
      fc.property(
        codes.filter((l) => l.length >= 2),
        hex,
        (list, seed) => {
          const order = queueOrder(list, seed);
          expect(verifyQueueOrder({ seed, seed_hash: seedCommitment(seed), order })).toEqual({
            ok: true,
            problems: [],
          });
          const swapped = [order[1]!, order[0]!, ...order.slice(2)];
          expect(verifyQueueOrder({ seed, seed_hash: seedCommitment(seed), order: swapped }).ok).toBe(false);
          expect(verifyQueueOrder({ seed, seed_hash: '00'.repeat(32), order }).ok).toBe(false);
        },
      ),
    );
  });

  it('puts an early arrival first as often as a late one (no arrival-order bias)', () => {
    const list = Array.from({ length: 20 }, (_, i) => i.toString(16).padStart(16, '0'));
    let firstHalfFirst = 0;
    const runs = 2000;
    for (let r = 0; r < runs; r++) {
      const seed = r.toString(16).padStart(64, '0');
      if (list.indexOf(queueOrder(list, seed)[0]!) < 10) firstHalfFirst++;
    }
    expect(Math.abs(firstHalfFirst / runs - 0.5)).toBeLessThan(0.05);
  });
});
