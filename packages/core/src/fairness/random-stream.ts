import { sha256 } from './sha256.ts';

/**
 * A deterministic stream of 32-bit words from a secret seed: SHA-256(seed || counter) in counter mode, the counter
 * a 4-byte big-endian block number. Each block yields eight big-endian words. Anyone holding the revealed seed
 * regenerates exactly the same stream.
 */
export class SeedStream {
  private block: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private counter = 0;
  private readonly input: Uint8Array;

  constructor(seed: Uint8Array) {
    this.input = new Uint8Array(seed.length + 4);
    this.input.set(seed);
  }

  nextUint32(): number {
    if (this.pos >= this.block.length) {
      new DataView(this.input.buffer).setUint32(this.input.length - 4, this.counter++);
      this.block = sha256(this.input);
      this.pos = 0;
    }
    const b = this.block;
    const p = this.pos;
    this.pos += 4;
    return ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
  }

  /**
   * A uniform integer in [0, bound) by rejection sampling: words at or above the largest multiple of `bound` that
   * fits in 2^32 are thrown away, so no value is favoured by the modulo.
   */
  nextBelow(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > 0x100000000) throw new RangeError(`bad bound ${bound}`);
    const limit = 0x100000000 - (0x100000000 % bound);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % bound;
    }
  }
}
