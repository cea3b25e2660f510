import { zodResolver } from '@hookform/resolvers/zod';
import {
  isOwnerLevelChange,
  STAFF_ROLES,
  staffCreateSchema,
  reasonSchema,
  type StaffChange,
  type StaffRole,
  type StaffRow,
} from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk, type ApiReply, type Reply } from '../../../api/client';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { changeRole, fetchStaff, inviteStaff, reissueAccess, setEnabled, type StaffChangeReply } from '../../api/staff';
import { Field } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';
import { CopyButton } from '../../components/CopyText';
import { FormCard } from '../../components/FormCard';
import { useStaff } from '../../components/RequireStaff';

interface InviteForm {
  mail: string;
  name: string;
  role: StaffRole;
  lang?: 'ja' | 'en';
}
const FIELDS = ['mail', 'name', 'role', 'lang'] as const;
const STAFF_KEY = ['admin', 'staff'];

/**
 * /admin/staff (owner): invite staff with a role (a one-time link), change roles, disable, reset 2FA. A change to
 * another owner (another role, disabling, resetting 2FA) has a confirm step with a reason and becomes a request
 * another owner approves at /admin/approvals (ADR 0039); the owner concerned is mailed.
 */
export function StaffPage() {
  const { t } = useTranslation('admin-staff');
  const list = useQuery({ queryKey: STAFF_KEY, queryFn: fetchStaff });
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });

  async function act(reply: Promise<ApiReply | StaffChangeReply>, done: string): Promise<boolean> {
    const r = await reply;
    if (r.state === 200) {
      const approval = (r as { approval?: { not_before: string } }).approval;
      setMessage(
        approval ? (approval.not_before ? t('requestedDelayed', { at: approval.not_before }) : t('requested')) : done,
      );
      const l = (r as { link?: string | null }).link;
      setLink(l ?? null);
      await refresh();
      return true;
    }
    setMessage(
      firstError(r, 'general') ?? firstError(r, 'role') ?? firstError(r, 'reason') ?? t('admin-common:failed'),
    );
    return false;
  }

  return (
    <>
      <h1>{t('title')}</h1>
      <InviteStaff
        onInvited={async (l) => {
          setMessage(t('invited'));
          setLink(l);
          await refresh();
        }}
      />
      {message ? (
        <div className="a-notice" role="status">
          <p style={{ margin: 0 }}>{message}</p>
          {link ? (
            <p style={{ margin: '6px 0 0' }}>
              {t('linkLead')}
              <br />
              <code data-testid="invite-link">{link}</code>
            </p>
          ) : null}
          {link ? (
            <p className="a-row" style={{ margin: '6px 0 0' }}>
              <CopyButton text={link} label={t('copyLink')} copied={t('linkCopied')} />
            </p>
          ) : null}
        </div>
      ) : null}
      <h2>{t('listTitle')}</h2>
      <div className="a-card" style={{ padding: 0, overflowX: 'auto' }}>
        <table className="a-plain">
          <caption className="a-skip">{t('listTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('mail')}</th>
              <th scope="col">{t('role')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {isOk(list.data) ? list.data.staff.map((s) => <StaffLine key={s.id} staff={s} act={act} />) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}

type Act = (r: Promise<ApiReply | StaffChangeReply>, done: string) => Promise<boolean>;

function StaffLine({ staff, act }: { staff: StaffRow; act: Act }) {
  const { t } = useTranslation('admin-staff');
  const me = useStaff();
  const [role, setRole] = useState(staff.role);
  const [confirming, setConfirming] = useState<StaffChange | null>(null);
  const roleId = useId();
  const self = me.id === staff.id;
  const run = (change: StaffChange, reason = '') =>
    change.kind === 'staff.role'
      ? act(changeRole(staff.id, change.role, reason), t('roleChanged'))
      : change.kind === 'staff.disable'
        ? act(setEnabled(staff.id, false, reason), t('disabled'))
        : act(reissueAccess(staff.id, true, reason), t('reset2faDone'));
  // A change to another owner is confirmed with a reason first, and then waits for a second owner.
  const ask = (change: StaffChange) => (isOwnerLevelChange(staff, change) ? setConfirming(change) : void run(change));
  return (
    <>
      <tr>
        <td>{staff.name}</td>
        <td>{staff.mail}</td>
        <td>
          <div className="a-row">
            <label htmlFor={roleId} className="a-skip">
              {t('roleOf', { name: staff.name })}
            </label>
            <select id={roleId} value={role} disabled={self} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`admin-common:roles.${r}`)}
                </option>
              ))}
            </select>
            {role !== staff.role ? (
              <button type="button" onClick={() => ask({ kind: 'staff.role', role })}>
                {t('changeRole')}
              </button>
            ) : null}
          </div>
        </td>
        <td>
          <span
            className="a-badge"
            data-tone={staff.status === 'disabled' ? 'danger' : staff.status === 'active' ? 'ok' : undefined}
          >
            {t(`statuses.${staff.status}`)}
          </span>{' '}
          {staff.totp_enabled ? <span className="a-badge">{t('totpOn')}</span> : null}
        </td>
        <td>
          {self ? null : (
            <div className="a-row">
              {staff.status === 'disabled' ? (
                <button type="button" onClick={() => void act(setEnabled(staff.id, true), t('enabled'))}>
                  {t('enable')}
                </button>
              ) : (
                <button type="button" className="a-danger" onClick={() => ask({ kind: 'staff.disable' })}>
                  {t('disable')}
                </button>
              )}
              {staff.status === 'invited' ? (
                <button type="button" onClick={() => void act(reissueAccess(staff.id, false), t('reinvited'))}>
                  {t('reinvite')}
                </button>
              ) : staff.totp_enabled ? (
                <button type="button" onClick={() => ask({ kind: 'staff.reset_2fa' })}>
                  {t('reset2fa')}
                </button>
              ) : null}
            </div>
          )}
        </td>
      </tr>
      {confirming ? (
        <tr>
          <td colSpan={5}>
            <OwnerChangeConfirm
              staff={staff}
              change={confirming}
              onCancel={() => {
                setConfirming(null);
                setRole(staff.role);
              }}
              onConfirm={async (reason) => {
                if (await run(confirming, reason)) setConfirming(null);
              }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The confirm step of a change to another owner: what it does, that it waits for approval, and why (required). */
export function OwnerChangeConfirm({
  staff,
  change,
  onCancel,
  onConfirm,
}: {
  staff: StaffRow;
  change: StaffChange;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation('admin-staff');
  const id = useId();
  // The server refuses a request for another owner's approval without a reason, in the same words (reasonSchema).
  const { form, register, errors, isSubmitting } = useConsoleForm<{ reason: string }>({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    toBody: (v) => ({ reason: v.reason.trim() }),
    fields: ['reason'],
  });
  const onSubmit = form.handleSubmit(({ reason }) => onConfirm(reason));
  const what =
    change.kind === 'staff.role'
      ? t('ownerChange.role', { name: staff.name, role: t(`admin-common:roles.${change.role}`) })
      : t(change.kind === 'staff.disable' ? 'ownerChange.disable' : 'ownerChange.reset2fa', { name: staff.name });
  return (
    <form className="a-confirm" aria-labelledby={`${id}-t`} onSubmit={onSubmit} noValidate>
      <p id={`${id}-t`}>
        <strong>{what}</strong>
      </p>
      <p className="a-hint">{t('ownerChange.needsApproval', { name: staff.name })}</p>
      <Field label={t('ownerChange.reason')} maxLength={500} error={errors.reason} {...register('reason')} />
      <div className="a-row">
        <button type="submit" className="a-danger" disabled={isSubmitting}>
          {t('ownerChange.submit')}
        </button>
        <button type="button" onClick={onCancel} disabled={isSubmitting}>
          {t('ownerChange.back')}
        </button>
      </div>
    </form>
  );
}

function InviteStaff({ onInvited }: { onInvited: (link: string) => Promise<void> }) {
  const { t } = useTranslation('admin-staff');
  const roleId = useId();
  const langId = useId();
  const { i18n } = useTranslation();
  const { register, errors, isSubmitting, general, submitTo, form } = useServerForm<InviteForm>(
    {
      resolver: zodResolver(staffCreateSchema),
      defaultValues: { mail: '', name: '', role: 'support', lang: i18n.language === 'en' ? 'en' : 'ja' },
    },
    FIELDS,
  );
  const onSubmit = submitTo({
    send: (v) => inviteStaff(v),
    onSuccess: async (_v, reply) => {
      form.reset();
      await onInvited((reply as Reply<{ link: string }>).link ?? '');
    },
  });
  return (
    <FormCard title={t('inviteTitle')} general={general} onSubmit={onSubmit}>
      <div className="a-filters">
        <Field label={t('name')} autoComplete="off" error={errors.name} {...register('name')} />
        <Field label={t('mail')} type="email" autoComplete="off" error={errors.mail} {...register('mail')} />
        <div className="a-field">
          <label htmlFor={roleId}>{t('role')}</label>
          <select id={roleId} {...register('role')}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin-common:roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="a-field">
          <label htmlFor={langId}>{t('mailLang')}</label>
          <select id={langId} {...register('lang')}>
            <option value="ja">日本語</option>
            <option value="en">English</option>
          </select>
        </div>
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('invite')}
        </button>
      </div>
      <p className="a-hint" style={{ margin: '8px 0 0' }}>
        {t('inviteHint')}
      </p>
    </FormCard>
  );
}
