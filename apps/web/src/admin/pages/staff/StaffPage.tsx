import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_ROLES, staffCreateSchema, type StaffRole, type StaffRow } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk, type ApiReply, type Reply } from '../../../api/client';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { changeRole, fetchStaff, inviteStaff, reissueAccess, setEnabled } from '../../api/staff';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';
import { useStaff } from '../../components/RequireStaff';

interface InviteForm {
  mail: string;
  name: string;
  role: StaffRole;
}
const FIELDS = ['mail', 'name', 'role'] as const;
const STAFF_KEY = ['admin', 'staff'];

/** /admin/staff (owner): invite staff with a role (a one-time link), change roles, disable, reset 2FA. */
export function StaffPage() {
  const { t } = useTranslation('admin-staff');
  const list = useQuery({ queryKey: STAFF_KEY, queryFn: fetchStaff });
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });

  async function act(reply: Promise<ApiReply>, done: string) {
    const r = await reply;
    if (r.state === 200) {
      setMessage(done);
      const l = (r as { link?: string | null }).link;
      setLink(l ?? null);
      await refresh();
    } else setMessage(firstError(r, 'general') ?? firstError(r, 'role') ?? t('admin-common:failed'));
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

function StaffLine({ staff, act }: { staff: StaffRow; act: (r: Promise<ApiReply>, done: string) => Promise<void> }) {
  const { t } = useTranslation('admin-staff');
  const me = useStaff();
  const [role, setRole] = useState(staff.role);
  const roleId = useId();
  const self = me.id === staff.id;
  return (
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
            <button type="button" onClick={() => void act(changeRole(staff.id, role), t('roleChanged'))}>
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
              <button
                type="button"
                className="a-danger"
                onClick={() => void act(setEnabled(staff.id, false), t('disabled'))}
              >
                {t('disable')}
              </button>
            )}
            {staff.status === 'invited' ? (
              <button type="button" onClick={() => void act(reissueAccess(staff.id, false), t('reinvited'))}>
                {t('reinvite')}
              </button>
            ) : staff.totp_enabled ? (
              <button type="button" onClick={() => void act(reissueAccess(staff.id, true), t('reset2faDone'))}>
                {t('reset2fa')}
              </button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

function InviteStaff({ onInvited }: { onInvited: (link: string) => Promise<void> }) {
  const { t } = useTranslation('admin-staff');
  const roleId = useId();
  const { register, errors, isSubmitting, general, submitTo, form } = useServerForm<InviteForm>(
    { resolver: zodResolver(staffCreateSchema), defaultValues: { mail: '', name: '', role: 'support' } },
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
