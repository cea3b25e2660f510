import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
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

/** Pages of the login and registration flows themselves: returning to one after login makes no sense. */
const ACCOUNT_FLOW =
  /^\/(?:login|user-register|confirm-user-register|complete-user-register|password-reissue|complete-password-reissue|reset-password|verify-mail)(?:[?#]|$)/;

/**
 * Where to go after login: back to the pack the guest came for (packId round-trip), else the page that sent them
 * here (a members-only page, or the page whose header link they followed), else the top page. Only a path of this
 * shop is followed (no '//host' or scheme), and never the login page itself.
 */
export function afterLoginPath(packId: string | null, from?: unknown): string {
  if (packId && /^\d+$/.test(packId)) return `/pack-detail?packId=${packId}`;
  if (typeof from === 'string' && /^\/(?![/\\])/.test(from) && !ACCOUNT_FLOW.test(from)) return from;
  return '/';
}

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packId = params.get('packId');
  // Where the route guard (state) or the server's redirect of a member page (?from=) came from.
  const from = (useLocation().state as { from?: unknown } | null)?.from ?? params.get('from');
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
      navigate(afterLoginPath(packId, from), { replace: true });
    },
  });

  const registerLink = packId ? `/user-register?packId=${encodeURIComponent(packId)}` : '/user-register';
  return (
    <AccountCard titleId="login-title" title={t('login.title')} lead={t('login.lead')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
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
