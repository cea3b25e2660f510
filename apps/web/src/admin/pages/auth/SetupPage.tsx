import { zodResolver } from '@hookform/resolvers/zod';
import { staffSetupSchema } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { acceptInvite, checkInvite, refreshStaffSession } from '../../api/session';
import { Field, FormAlert } from '../../components/Field';
import { AuthFrame } from './AuthFrame';

interface SetupForm {
  token: string;
  pass: string;
  confirmPass: string;
}
const FIELDS = ['pass', 'confirmPass'] as const;

/** /admin/setup?token=: an invitation (or the create-owner link): choose a password, then set up TOTP. */
export function SetupPage() {
  const { t } = useTranslation('admin-auth');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invite = useQuery({ queryKey: ['admin', 'invite', token], queryFn: () => checkInvite(token) });
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<SetupForm>(
    { resolver: zodResolver(staffSetupSchema), defaultValues: { token, pass: '', confirmPass: '' } },
    FIELDS,
    { token: 'pass' },
  );
  const onSubmit = submitTo({
    send: (v) => acceptInvite(token, v.pass, v.confirmPass),
    onSuccess: async () => {
      await refreshStaffSession(queryClient);
      void navigate('/admin/2fa');
    },
  });
  if (invite.isPending) return <AuthFrame title={t('setup.title')}>{null}</AuthFrame>;
  if (invite.data?.state !== 200 || !invite.data.valid) {
    return (
      <AuthFrame title={t('setup.title')}>
        <p role="alert" className="a-alert">
          {t('setup.invalid')}
        </p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('setup.title')}>
      <p>{t('setup.lead', { name: invite.data.name, mail: invite.data.mail })}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <input type="hidden" {...register('token')} />
        <input type="text" hidden readOnly autoComplete="username" value={invite.data.mail} />
        <Field
          label={t('setup.pass')}
          type="password"
          autoComplete="new-password"
          hint={t('setup.passHint')}
          error={errors.pass}
          {...register('pass')}
        />
        <Field
          label={t('setup.confirmPass')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPass}
          {...register('confirmPass')}
        />
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('setup.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
