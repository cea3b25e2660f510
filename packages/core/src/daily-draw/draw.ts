import { SeedStream } from '../fairness/random-stream.ts';
import { fromHex, sha256Hex, utf8 } from '../fairness/sha256.ts';
import { totalWeight, type DailyPrize } from './prize-table.ts';

/**
 * The prize of one member's draw on one day: a uniform number below the table's total weight from the day's
 * secret seed and the member id (SeedStream, as for packs), mapped onto the weights in table order. The seed's
 * SHA-256 is published before the day and the seed after it, so anyone can recompute every draw.
 */
export function dailyPrizeIndex(seedHex: string, memberId: number, table: readonly DailyPrize[]): number {
  const seed = fromHex(seedHex);
  const suffix = utf8(`:${memberId}`);
  const input = new Uint8Array(seed.length + suffix.length);
  input.set(seed);
  input.set(suffix, seed.length);
  let roll = new SeedStream(input).nextBelow(totalWeight(table));
  for (let i = 0; i < table.length; i++) {
    roll -= table[i]!.weight;
    if (roll < 0) return i;
  }
  throw new RangeError('empty prize table');
}

export const dailySeedCommitment = (seedHex: string) => sha256Hex(fromHex(seedHex));
