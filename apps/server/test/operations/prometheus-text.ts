/** The value of one series in Prometheus text, e.g. `oripa_job_rows_total{job="x"}` (0 when absent). */
export function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
