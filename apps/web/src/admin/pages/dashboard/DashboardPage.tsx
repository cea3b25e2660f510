import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { isOk } from '../../../api/client';
import { TabBar } from '../../components/TabBar';
import { fetchDashboard, type Dashboard, type DashboardPeriod } from '../../api/dashboard';
import '../cards/catalogue.css';

const PERIODS: DashboardPeriod[] = ['today', '7d', '30d'];

/** The period's counted figures after sales, in the order shown: [field, label]. */
const COUNTED = [
  ['points_sold', 'pointsSold'],
  ['bonus_points', 'bonusPoints'],
  ['points_spent', 'pointsSpent'],
  ['coins_spent', 'coinsSpent'],
  ['draws', 'draws'],
  ['converted', 'converted'],
  ['shipped', 'shipped'],
  ['new_members', 'newMembers'],
] as const satisfies readonly (readonly [keyof Dashboard['figures'], string])[];

/** The 30-day chart's lines: sales on the left axis (yen), counts on the right. */
const LINES = [
  { key: 'yen', axis: 'yen', label: 'sales', color: '#3451d1' },
  { key: 'draws', axis: 'n', label: 'draws', color: '#c0262d' },
  { key: 'members', axis: 'n', label: 'newMembers', color: '#1d7a4a' },
] as const;

/** Every day of the last 30 (Tokyo), zeros where nothing happened, so the chart's axis has no gaps. */
function fullSeries(series: Dashboard['series'], generated: string) {
  const byDay = new Map(series.map((s) => [s.day, s]));
  const end = new Date(`${generated.slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(end.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day: day.slice(5), yen: 0, draws: 0, members: 0, ...byDay.get(day), label: day.slice(5) };
  });
}

/** /admin (operator, owner): the shop at a glance — sales, points, draws, cards, members; work waiting. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('admin-dashboard');
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const q = useQuery({
    queryKey: ['admin', 'dashboard', period],
    queryFn: () => fetchDashboard(period),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const d = isOk(q.data) ? q.data : undefined;
  const n = (v: number) => v.toLocaleString(i18n.language === 'en' ? 'en-US' : 'ja-JP');
  const yen = (v: number) => t('yen', { value: n(v) });
  const packName = (p: { name_ja: string; name_en: string }) => (i18n.language === 'en' ? p.name_en : p.name_ja);
  return (
    <>
      <h1>{t('title')}</h1>
      <TabBar
        label={t('period')}
        tabs={PERIODS.map((p) => ({ key: p, label: t(`periods.${p}`) }))}
        selected={period}
        onSelect={setPeriod}
      />
      {!d ? (
        <p className="a-loading">{t('admin-common:loading')}</p>
      ) : (
        <>
          <section aria-labelledby="dash-figures">
            <h2 id="dash-figures" className="a-skip">
              {t('figures')}
            </h2>
            <dl className="a-figures" data-testid="dashboard-figures">
              <Figure label={t('sales')} value={yen(d.methods.reduce((sum, m) => sum + m.yen, 0))} />
              {COUNTED.map(([key, label]) => (
                <Figure key={key} label={t(label)} value={n(d.figures[key])} />
              ))}
            </dl>
          </section>
          <div
            className="a-grid"
            style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', marginTop: 16 }}
          >
            <DashCard id="dash-methods" title={t('byMethod')}>
              {d.methods.length === 0 ? (
                <p className="a-hint">{t('noSales')}</p>
              ) : (
                <>
                  {/* The table below says the same to a screen reader; the chart takes no focus (recharts' keyboard
                      layer would put a focusable element inside aria-hidden). */}
                  <div style={{ height: 220 }} aria-hidden="true">
                    <ResponsiveContainer>
                      <BarChart
                        accessibilityLayer={false}
                        data={d.methods.map((m) => ({
                          ...m,
                          name: t(`methods.${m.pay_id}`, { defaultValue: String(m.pay_id) }),
                        }))}
                      >
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis dataKey="name" fontSize={11} />
                        <YAxis fontSize={11} width={60} />
                        <Tooltip formatter={(v) => yen(Number(v))} />
                        <Bar dataKey="yen" name={t('sales')} fill="#3451d1" isAnimationActive={false} />
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                  <table className="a-plain">
                    <caption className="a-skip">{t('byMethod')}</caption>
                    <tbody>
                      {d.methods.map((m) => (
                        <tr key={m.pay_id}>
                          <th scope="row">{t(`methods.${m.pay_id}`, { defaultValue: String(m.pay_id) })}</th>
                          <td>{yen(m.yen)}</td>
                          <td>{t('payments', { count: m.payments })}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
            </DashCard>
            <DashCard id="dash-series" title={t('last30')}>
              <div style={{ height: 260 }} role="img" aria-label={t('seriesLabel')}>
                <ResponsiveContainer>
                  <LineChart data={fullSeries(d.series, d.generated)} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" fontSize={11} interval={6} />
                    <YAxis yAxisId="yen" fontSize={11} width={60} />
                    <YAxis yAxisId="n" orientation="right" fontSize={11} width={40} />
                    <Tooltip />
                    <Legend />
                    {LINES.map((l) => (
                      <Line
                        key={l.key}
                        yAxisId={l.axis}
                        type="monotone"
                        dataKey={l.key}
                        name={t(l.label)}
                        stroke={l.color}
                        dot={false}
                        isAnimationActive={false}
                      />
                    ))}
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </DashCard>
          </div>
          <div className="a-grid" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
            <DashCard id="dash-near" title={t('nearSellOut')}>
              {d.nearSellOut.length === 0 ? (
                <p className="a-hint">{t('noneNear')}</p>
              ) : (
                <ul style={{ paddingLeft: 18, margin: 0 }}>
                  {d.nearSellOut.map((p) => (
                    <li key={p.id}>
                      {p.draft_id ? <Link to={`/admin/packs/${p.draft_id}`}>{packName(p)}</Link> : packName(p)} —{' '}
                      {t('left', { left: n(p.total - p.drawn), total: n(p.total) })}
                    </li>
                  ))}
                </ul>
              )}
            </DashCard>
            <DashCard id="dash-pending" title={t('pending')}>
              <dl className="a-dl">
                <dt>{t('pendingShipments')}</dt>
                <dd>
                  <Link to="/admin/shipments">{n(d.pending.shipments)}</Link>
                </dd>
                <dt>{t('pendingTransfers')}</dt>
                <dd>
                  <Link to="/admin/payments">{n(d.pending.transfers)}</Link> ({yen(d.pending.transfer_yen)})
                </dd>
              </dl>
            </DashCard>
          </div>
          <p className="a-hint">{t('generated', { at: d.generated })}</p>
        </>
      )}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** One titled card of the dashboard; its heading names the section for screen readers. */
function DashCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="a-card" aria-labelledby={id}>
      <h2 id={id} style={{ marginTop: 0 }}>
        {title}
      </h2>
      {children}
    </section>
  );
}
