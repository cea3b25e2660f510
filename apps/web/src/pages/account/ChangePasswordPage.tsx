import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@oripa/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../components/account/FormField';
import { NewPasswordFields, type NewPasswordForm } from '../../components/account/NewPasswordFields';
import { applyServerErrors } from '../../components/account/server-errors';
import styles from '../../components/account/AccountForm.module.css';

/** Members change their password here; success returns to /my-page with a notice. */
export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [general, setGeneral] = useState<string[]>([]);
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
    const reply = await apiPost('/user/change_password', { pass, confirmPass });
    if (reply.state === 200) {
      navigate('/my-page', { replace: true, state: { notice: 'passwordChanged' } });
      return;
    }
    setGeneral(applyServerErrors(reply, setError, ['pass', 'confirmPass']));
  });

  return (
    <section className={styles.page} aria-labelledby="change-password-title">
      <div className={styles.card}>
        <h1 id="change-password-title" className={styles.title}>
          {t('changePassword.title')}
        </h1>
        <p className={styles.lead}>{t('changePassword.lead')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <FormAlert messages={general} />
          <NewPasswordFields register={register} errors={errors} hint={t('hints.changePass')} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
              {t('changePassword.submit')}
            </button>
            <Link to="/my-page" className={styles.secondary}>
              {t('changePassword.cancel')}
            </Link>
          </div>
        </form>
      </div>
    </section>
  );
}
