import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { login } from '../../api/account';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, MailField, SubmitButton, TextField } from '../../components/account/FormField';
import { errorText } from '../../lib/account/server-errors';
import { useServerForm } from '../../hooks/account/use-server-form';
import { useSessionRefresh } from '../../hooks/account/use-session-refresh';
import styles from '../../components/account/AccountForm.module.css';

const loginFormSchema = loginSchema.omit({ save_cookie: true }).extend({ saveCookie: z.boolean() });
type LoginForm = z.input<typeof loginFormSchema>;
const FIELDS = ['mail', 'pass'] as const;

/** Where to go after login: back to the pack the guest came for (packId round-trip), else the top page. */
export function afterLoginPath(packId: string | null): string {
  return packId && /^\d+$/.test(packId) ? `/pack-detail?packId=${packId}` : '/';
}

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packId = params.get('packId');
  const refreshSession = useSessionRefresh();
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<LoginForm>(
    { resolver: zodResolver(loginFormSchema), defaultValues: { mail: '', pass: '', saveCookie: false } },
    FIELDS,
  );

  // A native <form> submit: Enter in either field logs in.
  const onSubmit = submitTo({
    send: ({ mail, pass, saveCookie }) => login(mail, pass, saveCookie),
    onSuccess: async () => {
      await refreshSession();
      navigate(afterLoginPath(packId), { replace: true });
    },
  });

  const registerLink = packId ? `/user-register?packId=${encodeURIComponent(packId)}` : '/user-register';
  return (
    <AccountCard titleId="login-title" title={t('login.title')} lead={t('login.lead')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <MailField error={errorText(errors.mail)} {...register('mail')} />
        <TextField
          label={t('fields.pass')}
          type="password"
          autoComplete="current-password"
          required
          error={errorText(errors.pass)}
          {...register('pass')}
        />
        <label className={styles.check}>
          <input type="checkbox" {...register('saveCookie')} />
          <span>{t('login.saveCookie')}</span>
        </label>
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>{t('login.submit')}</SubmitButton>
        </div>
      </form>
      <div className={styles.links}>
        <Link to="/password-reissue">{t('login.forgot')}</Link>
        <span className={styles.muted}>{t('login.noAccount')}</span>
        <Link to={registerLink} className={styles.secondary}>
          {t('login.register')}
        </Link>
      </div>
    </AccountCard>
  );
}
