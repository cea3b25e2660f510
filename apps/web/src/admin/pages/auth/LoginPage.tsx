import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginSchema } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { refreshStaffSession, staffLogin } from '../../api/session';
import { Field, FormAlert } from '../../components/Field';
import { AuthFrame, safeBack } from './AuthFrame';

interface LoginForm {
  mail: string;
  pass: string;
}
const FIELDS = ['mail', 'pass'] as const;

/** /admin/login: mail and password; then the second factor (/admin/2fa). */
export function LoginPage() {
  const { t } = useTranslation('admin-auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<LoginForm>(
    { resolver: zodResolver(staffLoginSchema), defaultValues: { mail: '', pass: '' } },
    FIELDS,
  );
  const onSubmit = submitTo({
    send: ({ mail, pass }) => staffLogin(mail, pass),
    onSuccess: async () => {
      await refreshStaffSession(queryClient);
      const back = safeBack(search.get('back'));
      void navigate(`/admin/2fa?back=${encodeURIComponent(back)}`);
    },
  });
  return (
    <AuthFrame title={t('login.title')}>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <Field label={t('login.mail')} type="email" autoComplete="username" error={errors.mail} {...register('mail')} />
        <Field
          label={t('login.pass')}
          type="password"
          autoComplete="current-password"
          error={errors.pass}
          {...register('pass')}
        />
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('login.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
