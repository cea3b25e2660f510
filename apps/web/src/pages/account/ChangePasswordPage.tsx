import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, SubmitButton } from '../../components/account/FormField';
import {
  NEW_PASSWORD_FIELDS,
  NewPasswordFields,
  type NewPasswordForm,
} from '../../components/account/NewPasswordFields';
import { useServerForm } from '../../components/account/use-server-form';
import styles from '../../components/account/AccountForm.module.css';

/** Members change their password here; success returns to /my-page with a notice. */
export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    general,
    submitTo,
  } = useServerForm<NewPasswordForm>(
    { resolver: zodResolver(changePasswordSchema), defaultValues: { pass: '', confirmPass: '' } },
    NEW_PASSWORD_FIELDS,
  );

  const onSubmit = submitTo({
    send: ({ pass, confirmPass }) => apiPost('/user/change_password', { pass, confirmPass }),
    onSuccess: () => {
      navigate('/my-page', { replace: true, state: { notice: 'passwordChanged' } });
    },
  });

  return (
    <AccountCard titleId="change-password-title" title={t('changePassword.title')} lead={t('changePassword.lead')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <NewPasswordFields register={register} errors={errors} hint={t('hints.changePass')} />
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>{t('changePassword.submit')}</SubmitButton>
          <Link to="/my-page" className={styles.secondary}>
            {t('changePassword.cancel')}
          </Link>
        </div>
      </form>
    </AccountCard>
  );
}
