import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/account';
import { Link, useNavigate } from 'react-router';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, SubmitButton } from '../../components/account/FormField';
import { NewPasswordFields, useNewPasswordForm } from '../../components/account/NewPasswordFields';
import styles from '../../components/account/AccountForm.module.css';

/** Members change their password here; success returns to /my-page with a notice. */
export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { register, errors, isSubmitting, general, submitTo } = useNewPasswordForm();

  const onSubmit = submitTo({
    send: ({ pass, confirmPass }) => changePassword(pass, confirmPass),
    onSuccess: () => {
      navigate('/my-page', { replace: true, state: { notice: 'passwordChanged' } });
    },
  });

  return (
    <AccountCard titleId="change-password-title" title={t('changePassword.title')} lead={t('changePassword.lead')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
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
