import { fromHex } from '../fairness/sha256.ts';
import { seedCommitment, shuffleWithSeed } from '../fairness/ticket-sequence.ts';

/** Named in the drop's fairness reply so a verifier knows which procedure to repeat. */
export const QUEUE_SHUFFLE_ALGORITHM = 'sha256-ctr-fisher-yates-v1 over entry codes sorted ascending';

/**
 * The pre-queue's order at the start: its entry codes (one random code per member, shown to that member) sorted
 * ascending, then shuffled by the same seeded Fisher–Yates as a pack's tickets (ADR 0016), with the drop's seed
 * whose SHA-256 was published before the pre-queue opened. Element k holds place k + 1.
 */
export function queueOrder(entryCodes: readonly string[], seedHex: string): string[] {
  const canonical = [...entryCodes].sort();
  return shuffleWithSeed(canonical, fromHex(seedHex));
}

export interface QueueVerifyInput {
  seed: string;
  seed_hash: string;
  /** The pre-queue's entry codes in their published place order. */
  order: readonly string[];
}

/** Repeats the shuffle from the revealed seed and checks the commitment and every place. */
export function verifyQueueOrder(input: QueueVerifyInput): { ok: boolean; problems: string[] } {
  if (!/^[0-9a-f]{64}$/i.test(input.seed)) return { ok: false, problems: ['the revealed seed is not 32 bytes of hex'] };
  const problems: string[] = [];
  const commitment = seedCommitment(input.seed);
  if (commitment !== input.seed_hash.toLowerCase()) {
    problems.push(`commitment mismatch: SHA-256(seed) = ${commitment}, published ${input.seed_hash}`);
  }
  const expected = queueOrder(input.order, input.seed);
  expected.forEach((code, i) => {
    if (input.order[i] !== code) problems.push(`place ${i + 1}: the seed gives ${code}, published ${input.order[i]}`);
  });
  return { ok: problems.length === 0, problems };
}
