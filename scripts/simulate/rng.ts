/** A seeded pseudo-random source (mulberry32): the same --seed drives the same month, person by person. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** A child source for one person, so one person's choices do not shift everyone else's. */
  fork(salt: number): Rng {
    return new Rng(Math.floor(this.next() * 2 ** 32) ^ Math.imul(salt + 1, 0x85ebca6b));
  }
}
