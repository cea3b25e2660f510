import { useFormat } from '../../hooks/use-format';
import { tokyoIso } from '../../lib/format/datetime';

/**
 * A date in a history list (point, coin and pack history): the spec's yy/mm/dd ("26/11/24") in both languages,
 * the instant in `dateTime` and the full date ("2026年11月24日(火)" / "Tue, 24 Nov 2026") as its title, so a reader
 * who takes "26/11/24" for a day first can check it.
 */
export function HistoryDate({ value, className }: { value: string; className?: string }) {
  const fmt = useFormat();
  return (
    <time className={className} dateTime={tokyoIso(value)} title={fmt.dateOnly(value)}>
      {fmt.historyDate(value)}
    </time>
  );
}
