import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@oripa/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiGet, apiPost } from '../../api/client';
import { FormAlert } from '../../components/account/FormField';
import { NewPasswordFields, type NewPasswordForm } from '../../components/account/NewPasswordFields';
import { applyServerErrors } from '../../components/account/server-errors';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import styles from '../../components/account/AccountForm.module.css';

// Only a sanity check (no request for an empty or absurd token); the server decides whether it is valid.
const TOKEN_SHAPE = /^[A-Za-z0-9_.~-]{1,200}$/;

function InvalidLink() {
  const { t } = useTranslation('account');
  return (
    <section className={styles.page} aria-labelledby="reset-invalid-title">
      <div className={styles.card}>
        <h1 id="reset-invalid-title" className={styles.title}>
          {t('reset.invalidTitle')}
        </h1>
        <p role="alert" className={styles.lead}>
          {t('reset.invalidBody')}
        </p>
        <div className={styles.actions}>
          <Link to="/password-reissue" className={styles.primary} replace>
            {t('reset.requestAgain')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The page the reissue mail links to: checks the token first, then takes the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const [tokenRefused, setTokenRefused] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const check = useQuery({
    queryKey: ['resetPasswordToken', token],
    queryFn: () => apiGet(`/user/reset_password/check/${encodeURIComponent(token)}`),
    enabled: wellFormed,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { pass: '', confirmPass: '' },
  });

  const onSubmit = handleSubmit(async ({ pass, confirmPass }) => {
    setGeneral([]);
    const reply = await apiPost('/user/reset_password/complete', { token, pass, confirmPass });
    if (reply.state === 200) {
      // Replace: Back from the complete page must not return to this form (the link is spent anyway).
      navigate('/complete-password-reissue', { replace: true });
      return;
    }
    if (reply.errors?.token) {
      setTokenRefused(true);
      return;
    }
    setGeneral(applyServerErrors(reply, setError, ['pass', 'confirmPass']));
  });

  if (!wellFormed || tokenRefused) return <InvalidLink />;
  if (check.isPending) return <LoadingOverlay />;
  if (check.data?.networkError) {
    return (
      <section className={styles.page}>
        <FormAlert messages={[t('communicationError', { ns: 'common' })]} />
      </section>
    );
  }
  if (check.data?.state !== 200) return <InvalidLink />;

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <div className={styles.card}>
        <h1 id="reset-title" className={styles.title}>
          {t('reset.title')}
        </h1>
        <p className={styles.lead}>{t('reset.lead')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <FormAlert messages={general} />
          <NewPasswordFields register={register} errors={errors} hint={t('hints.pass')} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
              {t('reset.submit')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
