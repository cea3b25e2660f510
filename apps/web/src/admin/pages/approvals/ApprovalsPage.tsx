import type { ApprovalAction, ApprovalRow } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk } from '../../../api/client';
import { decideApproval, fetchApprovals } from '../../api/approvals';
import { TabBar } from '../../components/TabBar';

type View = 'pending' | 'decided';
const num = (n: number) => n.toLocaleString('ja-JP');

/**
 * /admin/approvals: changes that wait for a second person (ADR 0039): an owner's change to another owner, a grant
 * above the limit. Owners see every request and approve or refuse it; a requester sees their own and may cancel
 * it, or make a delayed owner change once its time has come. Each decision has a confirm step with an optional
 * note. The buttons are what the server says this staff member may do (ApprovalRow.actions).
 */
export function ApprovalsPage() {
  const { t } = useTranslation('admin-approvals');
  const [view, setView] = useState<View>('pending');
  const list = useQuery({ queryKey: ['admin', 'approvals', view], queryFn: () => fetchApprovals(view) });
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const rows = isOk(list.data) ? list.data.approvals : [];
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="a-hint">{t('hint')}</p>
      <TabBar
        label={t('title')}
        tabs={[
          { key: 'pending', label: t('pending') },
          { key: 'decided', label: t('decided') },
        ]}
        selected={view}
        onSelect={(v) => {
          setNotice(null);
          setView(v);
        }}
      />
      {notice ? (
        <p className="a-notice" role="status">
          {notice}
        </p>
      ) : null}
      {list.isFetching && rows.length === 0 ? <p className="a-loading">{t('admin-common:loading')}</p> : null}
      {!list.isFetching && rows.length === 0 ? <p>{t(view === 'pending' ? 'emptyPending' : 'emptyDecided')}</p> : null}
      {rows.map((a) => (
        <ApprovalItem
          key={a.id}
          approval={a}
          onDone={async (text) => {
            setNotice(text);
            await queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
          }}
        />
      ))}
    </>
  );
}

/** What the request asks, in a line: "Disable the account of 山田" / "Grant 1,000,000 points to member #12 …". */
export function ApprovalSummary({ approval: a }: { approval: ApprovalRow }) {
  const { t } = useTranslation('admin-approvals');
  if (a.kind === 'member.adjust') {
    return (
      <>
        {t('summary.member.adjust', {
          id: a.target_id,
          name: a.target_name,
          amount: num(a.amount ?? 0),
          unit: t(a.currency === 'coin' ? 'coins' : 'points'),
        })}
      </>
    );
  }
  const role = a.role ? t(`admin-common:roles.${a.role}`) : '';
  return <>{t(`summary.${a.kind}`, { name: a.target_name, role })}</>;
}

function ApprovalItem({ approval: a, onDone }: { approval: ApprovalRow; onDone: (text: string) => Promise<void> }) {
  const { t } = useTranslation('admin-approvals');
  const id = useId();
  const [confirming, setConfirming] = useState<ApprovalAction | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(action: ApprovalAction) {
    setBusy(true);
    setError(null);
    const reply = await decideApproval(a.id, action, note);
    setBusy(false);
    if (isOk(reply)) {
      setConfirming(null);
      await onDone(t(`done.${action}`));
    } else setError(firstError(reply, 'general') ?? firstError(reply, 'note') ?? t('admin-common:failed'));
  }

  return (
    <article className="a-card" aria-labelledby={`${id}-h`} data-testid={`approval-${a.id}`}>
      <h2 id={`${id}-h`} style={{ marginTop: 0 }}>
        <ApprovalSummary approval={a} />{' '}
        <span
          className="a-badge"
          data-tone={a.status === 'approved' ? 'ok' : a.status === 'pending' ? undefined : 'danger'}
        >
          {t(`statuses.${a.status}`)}
        </span>
      </h2>
      <dl className="a-dl">
        <dt>{t('requestedBy')}</dt>
        <dd>{t('whoAt', { name: a.requested_by_name, at: a.requested_at })}</dd>
        <dt>{t('reason')}</dt>
        <dd>{a.reason}</dd>
        {a.not_before && a.status === 'pending' ? (
          <>
            <dt>{t('notBefore')}</dt>
            <dd>{t('notBeforeText', { at: a.not_before })}</dd>
          </>
        ) : null}
        {a.status !== 'pending' ? (
          <>
            <dt>{t('decidedBy')}</dt>
            <dd>
              {t(a.decision_note ? 'whoAtNote' : 'whoAt', {
                name: a.decided_by_name,
                at: a.decided_at,
                note: a.decision_note,
              })}
            </dd>
          </>
        ) : null}
      </dl>
      {confirming ? (
        <div role="group" aria-labelledby={`${id}-c`} className="a-confirm">
          <p id={`${id}-c`}>
            <strong>{t(`confirm.${confirming}`)}</strong>
          </p>
          <div className="a-field">
            <label htmlFor={`${id}-note`}>{t('note')}</label>
            <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="a-row">
            <button
              type="button"
              className={confirming === 'approve' || confirming === 'apply' ? 'a-primary' : 'a-danger'}
              disabled={busy}
              onClick={() => void decide(confirming)}
            >
              {t(`do.${confirming}`)}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(null)}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : a.actions.length > 0 ? (
        <div className="a-row" role="group" aria-label={t('actionsOf', { id: a.id })}>
          {a.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'refuse' ? 'a-danger' : undefined}
              onClick={() => {
                setError(null);
                setConfirming(action);
              }}
            >
              {t(`actions.${action}`)}
            </button>
          ))}
        </div>
      ) : a.status === 'pending' ? (
        <p className="a-hint">{t('waiting')}</p>
      ) : null}
      {error ? (
        <p className="a-alert" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
