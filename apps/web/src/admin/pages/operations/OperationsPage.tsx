import { can } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import {
  fetchMaintenance,
  fetchUnusedBalance,
  reportCsvUrl,
  saveMaintenance,
  type MaintenanceState,
} from '../../api/operations';
import { useStaff } from '../../components/RequireStaff';
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

function MaintenanceForm({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation('admin-operations');
  const id = useId();
  const queryClient = useQueryClient();
  const [on, setOn] = useState(state.on);
  const [ja, setJa] = useState(state.message_ja);
  const [en, setEn] = useState(state.message_en);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const reply = await saveMaintenance({ on, message_ja: ja, message_en: en });
    if (isOk(reply)) {
      setResult({
        ok: true,
        text: t('maintenance.saved', { state: reply.on ? t('maintenance.on') : t('maintenance.off') }),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'maintenance'] });
    } else setResult({ ok: false, text: Object.values(reply.errors ?? {}).flat()[0] ?? '' });
  };
  return (
    <form onSubmit={submit}>
      <p className="a-hint">{t('maintenance.hint')}</p>
      {state.forced ? <p className="a-alert">{t('maintenance.forced')}</p> : null}
      <div className="a-row">
        <input id={`${id}-on`} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <label htmlFor={`${id}-on`}>{t('maintenance.switch')}</label>
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-ja`}>{t('maintenance.messageJa')}</label>
        <textarea id={`${id}-ja`} rows={3} maxLength={500} value={ja} onChange={(e) => setJa(e.target.value)} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-en`}>{t('maintenance.messageEn')}</label>
        <textarea id={`${id}-en`} rows={3} maxLength={500} value={en} onChange={(e) => setEn(e.target.value)} />
      </div>
      <button type="submit" className="a-primary">
        {t('maintenance.save')}
      </button>
      {result ? (
        <p className={result.ok ? 'a-notice' : 'a-alert'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      ) : null}
    </form>
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
