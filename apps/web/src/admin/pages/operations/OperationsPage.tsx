import { can } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchMaintenance, fetchUnusedBalance, reportCsvUrl } from '../../api/operations';
import { useStaff } from '../../components/RequireStaff';
import { MaintenanceForm } from './MaintenanceForm';
import { UnusedBalanceReport } from './UnusedBalanceReport';

/** /admin/operations (owner): the maintenance switch, the unused-balance report and the monthly CSV exports. */
export function OperationsPage() {
  const { t } = useTranslation('admin-operations');
  const role = useStaff().role;
  return (
    <>
      <h1>{t('title')}</h1>
      {can(role, 'operations.write') ? <Maintenance /> : null}
      {can(role, 'reports.read') ? (
        <>
          <UnusedBalance />
          <MonthlyExports />
        </>
      ) : null}
    </>
  );
}

function Maintenance() {
  const { t } = useTranslation('admin-operations');
  const q = useQuery({ queryKey: ['admin', 'maintenance'], queryFn: fetchMaintenance });
  const state = isOk(q.data) ? q.data : undefined;
  return (
    <section className="a-card" aria-labelledby="maintenance-h">
      <h2 id="maintenance-h">
        {t('maintenance.title')}{' '}
        {state ? (
          <span className="a-badge" data-tone={state.on ? 'danger' : 'ok'}>
            {state.on ? t('maintenance.on') : t('maintenance.off')}
          </span>
        ) : null}
      </h2>
      {state ? <MaintenanceForm key={JSON.stringify(state)} state={state} /> : null}
    </section>
  );
}

function UnusedBalance() {
  const { t } = useTranslation('admin-operations');
  const q = useQuery({ queryKey: ['admin', 'unused-balance'], queryFn: fetchUnusedBalance });
  return (
    <section className="a-card" aria-labelledby="unused-h">
      <h2 id="unused-h">{t('unused.title')}</h2>
      <p className="a-hint">{t('unused.hint')}</p>
      {isOk(q.data) ? <UnusedBalanceReport report={q.data} /> : null}
    </section>
  );
}

function MonthlyExports() {
  const { t } = useTranslation('admin-operations');
  const id = useId();
  const [month, setMonth] = useState(() => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7));
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <section className="a-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('exports.title')}</h2>
      <p className="a-hint">{t('exports.hint')}</p>
      <div className="a-filters">
        <div className="a-field">
          <label htmlFor={`${id}-month`}>{t('exports.month')}</label>
          <input id={`${id}-month`} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        {valid ? (
          <>
            <a className="a-link-button" href={reportCsvUrl(month, 'sales')} download>
              {t('exports.sales')}
            </a>
            <a className="a-link-button" href={reportCsvUrl(month, 'points')} download>
              {t('exports.points')}
            </a>
          </>
        ) : null}
      </div>
    </section>
  );
}
