// autocannon ships no types; bench-accounts.ts reads only the figures below.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    [key: string]: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    [key: string]: unknown;
  }
  export default function autocannon(options: Record<string, unknown>): Promise<Result>;
}
