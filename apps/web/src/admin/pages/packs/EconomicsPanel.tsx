import { bpPercent, type BandedEconomics } from '@oripa/core/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const pct = (bp: number | null) => (bp === null ? '—' : `${bpPercent(bp)} %`);

/**
 * A pack's economics (core packEconomics): EV per draw, return rate (還元率) against the shop's band, takings if sold
 * out, the cards' value, the margin, the last-one prize's share, and value by rank. The editor shows it live as the
 * lineup changes; the publish step shows the server's own figures with it.
 */
export function EconomicsPanel({
  economics: e,
  unit,
  title,
  testId = 'economics',
  level = 2,
}: {
  economics: BandedEconomics;
  unit: string;
  title: string;
  testId?: string;
  /** The heading's level: 2 beside the lineup, 3 inside the publish step. */
  level?: 2 | 3;
}) {
  const { t } = useTranslation('admin-catalogue');
  const h = useId();
  const money = (n: number | null) => (n === null ? '—' : `${n.toLocaleString()} ${unit}`);
  const figure = (key: string, label: string, value: string, extra: Record<string, unknown> = {}) => (
    <div {...extra}>
      <dt>{label}</dt>
      <dd data-testid={`${testId}-${key}`}>{value}</dd>
    </div>
  );
  return (
    <section className="a-economics" aria-labelledby={h} data-testid={testId}>
      {level === 2 ? <h2 id={h}>{title}</h2> : <h3 id={h}>{title}</h3>}
      <dl className="a-figures">
        {figure('ev', t('econ.ev'), money(e.evPerDraw))}
        {figure('rate', t('econ.rate'), pct(e.returnRateBp), { 'data-warn': e.warning !== null })}
        {figure('takings', t('econ.takings'), money(e.takings))}
        {figure('value', t('econ.value'), money(e.lineupValue + e.lastOneValue))}
        {figure('margin', t('econ.margin'), money(e.margin), { 'data-warn': e.margin < 0 })}
        {figure('lastone', t('econ.lastOneShare'), pct(e.lastOneShareBp))}
      </dl>
      <p className="a-hint" data-testid={`${testId}-band`}>
        {t('econ.band', { min: bpPercent(e.band.minBp), max: bpPercent(e.band.maxBp) })}
      </p>
      <p aria-live="polite" className="a-warn" data-testid={`${testId}-warning`}>
        {e.warning ? `⚠ ${t(`econ.${e.warning}`, { rate: pct(e.returnRateBp) })}` : null}
      </p>
      <div style={{ overflowX: 'auto' }}>
        <table className="a-lineup a-econ-ranks">
          <caption>{t('econ.byRank')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rank')}</th>
              <th scope="col" className="a-right">
                {t('count')}
              </th>
              <th scope="col" className="a-right">
                {t('econ.ticketShare')}
              </th>
              <th scope="col" className="a-right">
                {t('econ.rankValue')}
              </th>
              <th scope="col" className="a-right">
                {t('econ.valueShare')}
              </th>
            </tr>
          </thead>
          <tbody>
            {e.byRank.map((r) => (
              <tr key={r.rank} data-testid={`${testId}-rank-${r.rank}`}>
                <th scope="row">{r.rank}</th>
                <td className="a-right">{r.tickets.toLocaleString()}</td>
                <td className="a-right">{pct(r.ticketShareBp)}</td>
                <td className="a-right">{r.value.toLocaleString()}</td>
                <td className="a-right">{pct(r.valueShareBp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
