import { zodResolver } from '@hookform/resolvers/zod';
import { adjustmentSchema, reasonSchema, type AdjustmentInput, type AdminMemberDetail } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiReply } from '../../../api/client';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { adjustBalance, signOutMember, suspendMember } from '../../api/members';
import { Field } from '../../components/Field';
import { FormCard } from '../../components/FormCard';

interface AdjustFields {
  currency: 'point' | 'coin';
  amount: string | number;
  reason: string;
}
const ADJUST_FIELDS = ['currency', 'amount', 'reason'] as const;

function useRefreshMember(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'member', String(id)] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'ledger', String(id)] }),
    ]);
}

/** Adds (+) or takes (−) points or coins with a reason the member reads in their history. */
export function AdjustForm({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin-members');
  const id = useId();
  const refresh = useRefreshMember(member.id);
  const [done, setDone] = useState<string | null>(null);
  const { register, errors, isSubmitting, general, submitTo, form } = useServerForm<AdjustFields, AdjustmentInput>(
    { resolver: zodResolver(adjustmentSchema), defaultValues: { currency: 'point', amount: '', reason: '' } },
    ADJUST_FIELDS,
  );
  const onSubmit = submitTo({
    send: (v) => {
      setDone(null);
      return adjustBalance(String(member.id), v);
    },
    onSuccess: async (v, reply) => {
      form.reset({ currency: v.currency, amount: '', reason: '' });
      const words = {
        amount: v.amount > 0 ? `+${v.amount}` : String(v.amount),
        unit: t(v.currency === 'point' ? 'points' : 'coins'),
      };
      // Above the limit nothing moved yet: an owner other than the requester must approve it (ADR 0039).
      setDone(t((reply as { approval?: unknown }).approval ? 'adjustRequested' : 'adjusted', words));
      await refresh();
    },
  });
  return (
    <FormCard title={t('adjustTitle')} general={general} done={done} onSubmit={onSubmit}>
      <div className="a-filters">
        <div className="a-field">
          <label htmlFor={`${id}-cur`}>{t('currency')}</label>
          <select id={`${id}-cur`} {...register('currency')}>
            <option value="point">{t('points')}</option>
            <option value="coin">{t('coins')}</option>
          </select>
        </div>
        <Field
          label={t('amount')}
          inputMode="numeric"
          hint={t('amountHint')}
          error={errors.amount}
          {...register('amount')}
        />
        <div style={{ flex: '1 1 260px' }}>
          <Field label={t('reasonLabel')} hint={t('reasonHint')} error={errors.reason} {...register('reason')} />
        </div>
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('adjust')}
        </button>
      </div>
    </FormCard>
  );
}

/** Suspend / reinstate and sign out everywhere, each with a reason for the audit log. */
export function MemberAccessActions({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin-members');
  const refresh = useRefreshMember(member.id);
  const [done, setDone] = useState<string | null>(null);
  const [action, setAction] = useState<'suspend' | 'signout'>(member.suspended ? 'suspend' : 'signout');
  const { register, errors, isSubmitting, general, submitTo, form } = useServerForm<{ reason: string }>(
    { resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } },
    ['reason'],
  );
  const onSubmit = submitTo({
    send: ({ reason }): Promise<ApiReply> => {
      setDone(null);
      if (action === 'signout') return signOutMember(String(member.id), reason);
      return suspendMember(String(member.id), !member.suspended, reason);
    },
    onSuccess: async () => {
      form.reset({ reason: '' });
      setDone(action === 'signout' ? t('signedOut') : member.suspended ? t('reinstated') : t('suspendedDone'));
      await refresh();
    },
  });
  return (
    <FormCard title={t('accessTitle')} general={general} done={done} onSubmit={onSubmit}>
      <fieldset className="a-row" style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
        <legend className="a-skip">{t('accessTitle')}</legend>
        <label className="a-row">
          <input
            type="radio"
            checked={action === 'signout'}
            onChange={() => setAction('signout')}
            style={{ minHeight: 0 }}
          />
          {t('signOut')}
        </label>
        <label className="a-row">
          <input
            type="radio"
            checked={action === 'suspend'}
            onChange={() => setAction('suspend')}
            style={{ minHeight: 0 }}
          />
          {member.suspended ? t('reinstate') : t('suspend')}
        </label>
      </fieldset>
      <div className="a-filters">
        <div style={{ flex: '1 1 260px' }}>
          <Field label={t('reasonLabel')} error={errors.reason} {...register('reason')} />
        </div>
        <button
          type="submit"
          className={action === 'suspend' && !member.suspended ? 'a-danger' : undefined}
          disabled={isSubmitting}
        >
          {action === 'signout' ? t('signOut') : member.suspended ? t('reinstate') : t('suspend')}
        </button>
      </div>
    </FormCard>
  );
}
