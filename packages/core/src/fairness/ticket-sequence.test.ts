import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rank } from '../contract/packs.ts';
import { SeedStream } from './random-stream.ts';
import { fromHex, sha256Hex, toHex } from './sha256.ts';
import {
  canonicalTickets,
  drawOrderGap,
  seedCommitment,
  shuffleWithSeed,
  ticketSequence,
  verifyPack,
} from './ticket-sequence.ts';

const rank = fc.constantFrom<Rank>('S', 'A', 'B', 'C');
const lineup = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 10_000 }), rank, set_count: fc.integer({ min: 0, max: 40 }) }),
  { selector: (c) => c.id, maxLength: 25 },
);
const seedHex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);

const sortedCopy = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('ticket sequence', () => {
  it('orders the canonical multiset by rank then card id', () => {
    const cards = [
      { id: 5, rank: 'C' as const, set_count: 2 },
      { id: 9, rank: 'S' as const, set_count: 1 },
      { id: 3, rank: 'A' as const, set_count: 1 },
      { id: 1, rank: 'C' as const, set_count: 1 },
    ];
    expect(canonicalTickets(cards)).toEqual([9, 3, 1, 5, 5]);
  });

  it('is a permutation of the canonical multiset for any lineup and seed', () => {
    fc.assert(
      fc.property(lineup, seedHex, (cards, seed) => {
        const seq = ticketSequence(cards, seed);
        expect(sortedCopy(seq)).toEqual(sortedCopy(canonicalTickets(cards)));
      }),
    );
  });

  it('gives the same sequence for the same seed, whatever order the lineup is listed in', () => {
    fc.assert(
      fc.property(lineup, seedHex, (cards, seed) => {
        expect(ticketSequence([...cards].reverse(), seed)).toEqual(ticketSequence(cards, seed));
      }),
    );
  });

  it('gives different sequences for different seeds (almost always)', () => {
    const cards = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, rank: 'C' as const, set_count: 1 }));
    const a = ticketSequence(cards, '00'.repeat(32));
    const b = ticketSequence(cards, '00'.repeat(31) + '01');
    expect(a).not.toEqual(b);
    // Pinned output: a change of algorithm must change FAIRNESS_ALGORITHM, never silently the sequence.
    expect(a.slice(0, 5)).toEqual([9, 17, 15, 1, 2]);
  });

  it('draws unbiased integers below a bound (chi-square over 60,000 draws)', () => {
    const stream = new SeedStream(fromHex('11'.repeat(32)));
    const bound = 6;
    const counts = new Array<number>(bound).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[stream.nextBelow(bound)]!++;
    const expected = n / bound;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(chi² > 20.5) ≈ 0.001.
    expect(chi).toBeLessThan(20.5);
  });

  it('puts every card in every position about equally often (small lineup, many seeds)', () => {
    const cards = [1, 2, 3, 4].map((id) => ({ id, rank: 'C' as const, set_count: 1 }));
    const firsts = new Map<number, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const seed = sha256Hex(new Uint8Array([i & 0xff, i >> 8]));
      const first = ticketSequence(cards, seed)[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const expected = n / 4;
    const chi = [...firsts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(firsts.size).toBe(4);
    expect(chi).toBeLessThan(16.3); // 3 degrees of freedom, p ≈ 0.001
  });

  it('rejects bad bounds', () => {
    const stream = new SeedStream(new Uint8Array(32));
    expect(() => stream.nextBelow(0)).toThrow(RangeError);
    expect(() => stream.nextBelow(1.5)).toThrow(RangeError);
    expect(stream.nextBelow(1)).toBe(0);
  });

  it('shuffles nothing and one item trivially', () => {
    expect(shuffleWithSeed([], new Uint8Array(32))).toEqual([]);
    expect(shuffleWithSeed([7], new Uint8Array(32))).toEqual([7]);
  });
});

describe('drawOrderGap', () => {
  it('is null exactly when the distinct tickets drawn are 1..n, in any order of listing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }).chain((n) =>
          fc.tuple(
            fc.shuffledSubarray(
              Array.from({ length: n }, (_, i) => i + 1),
              { minLength: n, maxLength: n },
            ),
            fc.integer({ min: 1, max: 5 }),
          ),
        ),
        ([tickets, beyond]) => {
          expect(drawOrderGap(tickets)).toBeNull();
          // One ticket replaced by a number past the end leaves a gap, and the highest is named.
          if (tickets.length > 0) {
            const moved = [...tickets.slice(1), tickets.length + beyond];
            expect(drawOrderGap(moved)).toBe(tickets.length + beyond);
          }
        },
      ),
    );
  });
});

describe('verifyPack', () => {
  const cards = [
    { id: 1, rank: 'S' as const, set_count: 1 },
    { id: 2, rank: 'A' as const, set_count: 3 },
    { id: 3, rank: 'C' as const, set_count: 6 },
  ];
  const seed = 'ab'.repeat(32);
  const seq = ticketSequence(cards, seed);
  const rankOf = (id: number) => cards.find((c) => c.id === id)!.rank;
  const honest = seq.slice(0, 4).map((id, i) => ({ ticket_no: i + 1, rank: rankOf(id), card_id: id }));

  it('accepts an honest pack', () => {
    const r = verifyPack({ seed, seed_hash: seedCommitment(seed), cards, total_pack_count: 10, draws: honest });
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.checkedDraws).toBe(4);
  });

  it('catches a wrong commitment, a wrong total, a swapped card and a repeated ticket', () => {
    const wrongCard = honest.map((d, i) => (i === 0 ? { ...d, card_id: d.card_id === 1 ? 2 : 1 } : d));
    const r = verifyPack({
      seed,
      seed_hash: '00'.repeat(32),
      cards,
      total_pack_count: 11,
      draws: [...wrongCard, honest[1]!],
    });
    expect(r.ok).toBe(false);
    expect(r.problems.some((p) => p.startsWith('commitment mismatch'))).toBe(true);
    expect(r.problems.some((p) => p.includes('lineup has 10 tickets'))).toBe(true);
    expect(r.problems.some((p) => p.includes('appears twice'))).toBe(true);
    expect(r.problems.some((p) => p.includes('ticket 1:'))).toBe(true);
  });

  it('catches a skipped ticket: the draws must be tickets 1..n, in sequence order', () => {
    // Honest draws of tickets 1, 2, 3 and 5: ticket 4 was passed over (say, because it held the S card).
    const skipped = [...honest.slice(0, 3), { ticket_no: 5, rank: rankOf(seq[4]!), card_id: seq[4]! }];
    const r = verifyPack({ seed, seed_hash: seedCommitment(seed), cards, total_pack_count: 10, draws: skipped });
    expect(r.problems).toEqual(['tickets were skipped: 4 tickets drawn, but the highest is ticket 5']);
  });

  it('rejects a seed that is not 32 bytes of hex', () => {
    expect(verifyPack({ seed: 'xyz', seed_hash: '', cards, total_pack_count: 10, draws: [] }).ok).toBe(false);
  });
});
