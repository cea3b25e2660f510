import type { UnusedBalanceFigures, UnusedBalanceReport as Report } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

/** Read by screen readers, not shown (the section's heading says it). */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' } as const;

/**
 * The unused-balance report (資金決済法, issue 21): today's balance beside each base date, paid and free points
 * apart, each against the ¥10,000,000 threshold, then today's points by the month their lots expire.
 */
export function UnusedBalanceReport({ report }: { report: Report }) {
  const { t } = useTranslation('admin-operations');
  const n = (v: number) => v.toLocaleString();
  const yen = (v: number) => t('unused.yenValue', { value: n(v) });
  const cells = (r: UnusedBalanceFigures) => (
    <>
      <td>{n(r.paid_points)}</td>
      <td>{yen(r.unused_yen)}</td>
      <td>
        <span className="a-badge" data-tone={r.over_threshold ? 'danger' : 'ok'}>
          {r.over_threshold ? t('unused.over') : t('unused.under')}
        </span>
      </td>
      <td>{r.deposit_yen > 0 ? yen(r.deposit_yen) : t('unused.none')}</td>
      <td>{n(r.free_points)}</td>
      <td>{n(r.coins)}</td>
    </>
  );
  return (
    <>
      <p className="a-hint" data-testid="unused-threshold">
        {t('unused.threshold', { value: n(report.threshold_yen) })}
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('unused.table')}>
        <table className="a-plain">
          <caption style={HIDDEN}>{t('unused.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('unused.date')}</th>
              <th scope="col">{t('unused.paid')}</th>
              <th scope="col">{t('unused.yen')}</th>
              <th scope="col">{t('unused.against')}</th>
              <th scope="col">{t('unused.deposit')}</th>
              <th scope="col">{t('unused.free')}</th>
              <th scope="col">{t('unused.coins')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="unused-today">
              <th scope="row">{t('unused.today', { at: report.today.at })}</th>
              {cells(report.today)}
            </tr>
            {report.rows.map((r) => (
              <tr key={r.date}>
                <th scope="row">{r.date}</th>
                {cells(r)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('unused.expiry.title')}</h3>
      <p className="a-hint">{t('unused.expiry.hint')}</p>
      {report.expiry.length === 0 ? (
        <p>{t('unused.expiry.empty')}</p>
      ) : (
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('unused.expiry.table')}>
          <table className="a-plain">
            <caption style={HIDDEN}>{t('unused.expiry.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('unused.expiry.month')}</th>
                <th scope="col">{t('unused.expiry.paid')}</th>
                <th scope="col">{t('unused.expiry.free')}</th>
              </tr>
            </thead>
            <tbody>
              {report.expiry.map((e) => (
                <tr key={`${e.overdue ? 'overdue' : 'open'}-${e.month}`}>
                  <th scope="row">{e.overdue ? t('unused.expiry.overdue', { month: e.month }) : e.month}</th>
                  <td>{n(e.paid_points)}</td>
                  <td>{n(e.free_points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
