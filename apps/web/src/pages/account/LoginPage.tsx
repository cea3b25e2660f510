import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@oripa/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert, TextField } from '../../components/account/FormField';
import { applyServerErrors, errorText } from '../../components/account/server-errors';
import { useSessionRefresh } from '../../components/account/use-session-refresh';
import styles from '../../components/account/AccountForm.module.css';

const loginFormSchema = loginSchema.omit({ save_cookie: true }).extend({ saveCookie: z.boolean() });
type LoginForm = z.input<typeof loginFormSchema>;

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
  const [general, setGeneral] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { mail: '', pass: '', saveCookie: false },
  });

  // A native <form> submit: Enter in either field logs in.
  const onSubmit = handleSubmit(async ({ mail, pass, saveCookie }) => {
    setGeneral([]);
    const reply = await apiPost('/user/login', { mail, pass, save_cookie: saveCookie ? '1' : '0' });
    if (reply.state === 200) {
      await refreshSession();
      navigate(afterLoginPath(packId), { replace: true });
      return;
    }
    setGeneral(applyServerErrors(reply, setError, ['mail', 'pass']));
  });

  const registerLink = packId ? `/user-register?packId=${encodeURIComponent(packId)}` : '/user-register';
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <div className={styles.card}>
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        <p className={styles.lead}>{t('login.lead')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <FormAlert messages={general} />
          <TextField
            label={t('fields.mail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            placeholder={t('placeholders.mail')}
            error={errorText(errors.mail)}
            {...register('mail')}
          />
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
            <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
              {t('login.submit')}
            </button>
          </div>
        </form>
        <div className={styles.links}>
          <Link to="/password-reissue">{t('login.forgot')}</Link>
          <span className={styles.muted}>{t('login.noAccount')}</span>
          <Link to={registerLink} className={styles.secondary}>
            {t('login.register')}
          </Link>
        </div>
      </div>
    </section>
  );
}
