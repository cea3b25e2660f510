import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { completePasswordReset, useResetTokenCheck } from '../../api/account';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, SubmitButton } from '../../components/account/FormField';
import { NewPasswordFields, useNewPasswordForm } from '../../components/account/NewPasswordFields';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import styles from '../../components/account/AccountForm.module.css';

// Only a sanity check (no request for an empty or absurd token); the server decides whether it is valid.
const TOKEN_SHAPE = /^[A-Za-z0-9_.~-]{1,200}$/;

function InvalidLink() {
  const { t } = useTranslation('account');
  return (
    <AccountCard titleId="reset-invalid-title" title={t('reset.invalidTitle')}>
      <p role="alert" className={styles.lead}>
        {t('reset.invalidBody')}
      </p>
      <div className={styles.actions}>
        <Link to="/password-reissue" className={styles.primary} replace>
          {t('reset.requestAgain')}
        </Link>
      </div>
    </AccountCard>
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
  const check = useResetTokenCheck(token, wellFormed);
  const { register, errors, isSubmitting, general, submitTo } = useNewPasswordForm();

  const onSubmit = submitTo({
    send: ({ pass, confirmPass }) => completePasswordReset(token, pass, confirmPass),
    onSuccess: () => {
      // Replace: Back from the complete page must not return to this form (the link is spent anyway).
      navigate('/complete-password-reissue', { replace: true });
    },
    onRefused: (reply) => {
      if (!reply.errors?.token) return false;
      setTokenRefused(true);
      return true;
    },
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
    <AccountCard titleId="reset-title" title={t('reset.title')} lead={t('reset.lead')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <NewPasswordFields register={register} errors={errors} hint={t('hints.pass')} />
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>{t('reset.submit')}</SubmitButton>
        </div>
      </form>
    </AccountCard>
  );
}
