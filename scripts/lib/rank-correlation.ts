/**
 * Spearman's rank correlation: Pearson's correlation of the two lists' ranks, ties given their average rank (the
 * launch bench's arrival times are milliseconds, and thousands of joins a second share them). 0 for fewer than
 * three pairs or a list whose values are all equal.
 */
export function spearman(a: number[], b: number[]): number {
  if (a.length !== b.length) throw new Error(`spearman: ${a.length} values against ${b.length}`);
  const n = a.length;
  if (n < 3) return 0;
  const ra = averageRanks(a);
  const rb = averageRanks(b);
  const mean = (n - 1) / 2; // ranks are 0..n-1, ties averaged: the mean stays (n - 1) / 2
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = ra[i]! - mean;
    const y = rb[i]! - mean;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

/** Each value's rank from 0, equal values sharing the average of the ranks they span. */
export function averageRanks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
  const ranks = new Array<number>(xs.length);
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && order[end + 1]![0] === order[k]![0]) end++;
    for (let j = k; j <= end; j++) ranks[order[j]![1]] = (k + end) / 2;
    k = end + 1;
  }
  return ranks;
}
