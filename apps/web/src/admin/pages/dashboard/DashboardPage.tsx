import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { fetchDashboard, type Dashboard, type DashboardPeriod } from '../../api/dashboard';
import '../cards/catalogue.css';

const PERIODS: DashboardPeriod[] = ['today', '7d', '30d'];

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
  return (
    <>
      <h1>{t('title')}</h1>
      <div className="a-tabs" role="tablist" aria-label={t('period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" role="tab" aria-selected={p === period} onClick={() => setPeriod(p)}>
            {t(`periods.${p}`)}
          </button>
        ))}
      </div>
      {!d ? (
        <p className="a-loading">{t('admin-common:loading')}</p>
      ) : (
        <>
          <section aria-labelledby="dash-figures">
            <h2 id="dash-figures" className="a-skip">
              {t('figures')}
            </h2>
            <dl className="a-figures" data-testid="dashboard-figures">
              <Figure label={t('sales')} value={yen(d.methods.reduce((s, m) => s + m.yen, 0))} />
              <Figure label={t('pointsSold')} value={n(d.figures.points_sold)} />
              <Figure label={t('bonusPoints')} value={n(d.figures.bonus_points)} />
              <Figure label={t('pointsSpent')} value={n(d.figures.points_spent)} />
              <Figure label={t('coinsSpent')} value={n(d.figures.coins_spent)} />
              <Figure label={t('draws')} value={n(d.figures.draws)} />
              <Figure label={t('converted')} value={n(d.figures.converted)} />
              <Figure label={t('shipped')} value={n(d.figures.shipped)} />
              <Figure label={t('newMembers')} value={n(d.figures.new_members)} />
            </dl>
          </section>
          <div
            className="a-grid"
            style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', marginTop: 16 }}
          >
            <section className="a-card" aria-labelledby="dash-methods">
              <h2 id="dash-methods" style={{ marginTop: 0 }}>
                {t('byMethod')}
              </h2>
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
            </section>
            <section className="a-card" aria-labelledby="dash-series">
              <h2 id="dash-series" style={{ marginTop: 0 }}>
                {t('last30')}
              </h2>
              <div style={{ height: 260 }} role="img" aria-label={t('seriesLabel')}>
                <ResponsiveContainer>
                  <LineChart data={fullSeries(d.series, d.generated)} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" fontSize={11} interval={6} />
                    <YAxis yAxisId="yen" fontSize={11} width={60} />
                    <YAxis yAxisId="n" orientation="right" fontSize={11} width={40} />
                    <Tooltip />
                    <Legend />
                    <Line
                      yAxisId="yen"
                      type="monotone"
                      dataKey="yen"
                      name={t('sales')}
                      stroke="#3451d1"
                      dot={false}
                      isAnimationActive={false}
                    />
                    <Line
                      yAxisId="n"
                      type="monotone"
                      dataKey="draws"
                      name={t('draws')}
                      stroke="#c0262d"
                      dot={false}
                      isAnimationActive={false}
                    />
                    <Line
                      yAxisId="n"
                      type="monotone"
                      dataKey="members"
                      name={t('newMembers')}
                      stroke="#1d7a4a"
                      dot={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </section>
          </div>
          <div className="a-grid" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
            <section className="a-card" aria-labelledby="dash-near">
              <h2 id="dash-near" style={{ marginTop: 0 }}>
                {t('nearSellOut')}
              </h2>
              {d.nearSellOut.length === 0 ? (
                <p className="a-hint">{t('noneNear')}</p>
              ) : (
                <ul style={{ paddingLeft: 18, margin: 0 }}>
                  {d.nearSellOut.map((p) => (
                    <li key={p.id}>
                      {p.draft_id ? (
                        <Link to={`/admin/packs/${p.draft_id}`}>{i18n.language === 'en' ? p.name_en : p.name_ja}</Link>
                      ) : i18n.language === 'en' ? (
                        p.name_en
                      ) : (
                        p.name_ja
                      )}{' '}
                      — {t('left', { left: n(p.total - p.drawn), total: n(p.total) })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="a-card" aria-labelledby="dash-pending">
              <h2 id="dash-pending" style={{ marginTop: 0 }}>
                {t('pending')}
              </h2>
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
            </section>
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
