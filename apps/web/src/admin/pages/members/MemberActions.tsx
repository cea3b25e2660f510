import { zodResolver } from '@hookform/resolvers/zod';
import {
  adjustmentSchema,
  reasonSchema,
  type AdjustmentInput,
  type AdjustmentPreview,
  type AdminMemberDetail,
} from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiReply } from '../../../api/client';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { adjustBalance, previewAdjustment, signOutMember, suspendMember } from '../../api/members';
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

const num = (n: number) => n.toLocaleString('ja-JP');
const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));

/**
 * Adds (+) or takes (−) points or coins with a reason the member reads in their history. Submitting first asks
 * the server what it would do (the member, the balance before and after, whether a grant waits for another
 * owner's approval: ADR 0039) and shows it as a confirm step; only "confirm" makes the change (issue 21 §10).
 */
export function AdjustForm({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin-members');
  const id = useId();
  const refresh = useRefreshMember(member.id);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<{ input: AdjustmentInput; preview: AdjustmentPreview } | null>(null);
  const [busy, setBusy] = useState(false);
  const { register, errors, isSubmitting, general, setGeneral, showServerErrors, submitTo, form } = useServerForm<
    AdjustFields,
    AdjustmentInput
  >(
    { resolver: zodResolver(adjustmentSchema), defaultValues: { currency: 'point', amount: '', reason: '' } },
    ADJUST_FIELDS,
  );
  const onSubmit = submitTo({
    send: (v) => {
      setDone(null);
      return previewAdjustment(String(member.id), v);
    },
    onSuccess: (input, reply) => {
      setPending({ input, preview: (reply as unknown as { preview: AdjustmentPreview }).preview });
    },
  });

  async function confirm(input: AdjustmentInput) {
    setBusy(true);
    const reply = await adjustBalance(String(member.id), input);
    setBusy(false);
    setPending(null);
    if (reply.state !== 200) {
      showServerErrors(reply);
      return;
    }
    form.reset({ currency: input.currency, amount: '', reason: '' });
    const words = { amount: signed(input.amount), unit: t(input.currency === 'point' ? 'points' : 'coins') };
    // Above the limit nothing moved yet: an owner other than the requester must approve it (ADR 0039).
    setDone(t((reply as { approval?: unknown }).approval ? 'adjustRequested' : 'adjusted', words));
    await refresh();
  }

  if (pending) {
    return (
      <AdjustConfirm
        pending={pending}
        busy={busy}
        onConfirm={() => void confirm(pending.input)}
        onBack={() => {
          setGeneral([]);
          setPending(null);
        }}
      />
    );
  }
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
          {t('adjustCheck')}
        </button>
      </div>
    </FormCard>
  );
}

/** The confirm step: who, what, before → after, why, and whether it waits for approval; confirm or go back. */
export function AdjustConfirm({
  pending: { input, preview: p },
  busy,
  onConfirm,
  onBack,
}: {
  pending: { input: AdjustmentInput; preview: AdjustmentPreview };
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('admin-members');
  const unit = t(p.currency === 'point' ? 'points' : 'coins');
  const titleId = useId();
  return (
    <section className="a-card" aria-labelledby={titleId} data-testid="adjust-confirm">
      <h2 id={titleId} style={{ marginTop: 0 }}>
        {t('confirmTitle')}
      </h2>
      <dl className="a-dl a-confirm-dl">
        <dt>{t('confirmMember')}</dt>
        <dd>
          #{p.member.id} {p.member.name} <span className="a-hint">{p.member.mail}</span>
        </dd>
        <dt>{t('confirmAmount')}</dt>
        <dd>
          <strong>
            {signed(p.amount)} {unit}
          </strong>
        </dd>
        <dt>{t('confirmBalance')}</dt>
        <dd data-testid="adjust-before-after">
          {num(p.before)} → <strong>{num(p.after)}</strong> {unit}
        </dd>
        <dt>{t('confirmReason')}</dt>
        <dd>{input.reason}</dd>
      </dl>
      <p className={p.needs_approval ? 'a-caution' : 'a-hint'} role="note">
        {!p.needs_approval
          ? t('confirmAtOnce')
          : p.granted_recently > 0
            ? t('confirmNeedsApprovalWithRecent', { limit: num(p.limit), recent: num(p.granted_recently), unit })
            : t('confirmNeedsApproval', { limit: num(p.limit), unit })}
      </p>
      <div className="a-row">
        <button type="button" className="a-primary" disabled={busy} onClick={onConfirm}>
          {p.needs_approval ? t('confirmRequest') : t('confirmApply')}
        </button>
        <button type="button" disabled={busy} onClick={onBack}>
          {t('confirmBack')}
        </button>
      </div>
    </section>
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
