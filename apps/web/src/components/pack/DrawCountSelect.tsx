import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The spec's count drop-down (1 up to 3000 or the pack's limit). Its options are made when it is first reached
 * (focus, which a tap, a click and Tab all give before the list opens), not with the page: the demo pack's 555
 * options, each a translated label, were the largest part of pack detail's first render and layout on a phone
 * (issue 13, Total Blocking Time). Until then it holds only the chosen count, at the width the full list gets.
 */
export function DrawCountSelect({
  id,
  max,
  value,
  onChange,
}: {
  id: string;
  max: number;
  value: number;
  onChange: (count: number) => void;
}) {
  const { t } = useTranslation('pack');
  const [reached, setReached] = useState(false);
  const counts = reached ? Array.from({ length: max }, (_, i) => i + 1) : [value];
  return (
    <select
      id={id}
      value={value}
      onFocus={() => setReached(true)}
      onPointerDown={() => setReached(true)}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {counts.map((n) => (
        <option key={n} value={n}>
          {t('draw.times', { count: n })}
        </option>
      ))}
    </select>
  );
}
