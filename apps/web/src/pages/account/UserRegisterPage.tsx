import { zodResolver } from '@hookform/resolvers/zod';
import { registrationSchema, type RegistrationInput } from '@oripa/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { confirmRegistration } from '../../api/account';
import { currentLang } from '../../i18n';
import { AccountCard } from '../../components/account/AccountCard';
import { AgreementCheck } from '../../components/account/AgreementCheck';
import { FormAlert, MailField, SubmitButton, TelField, TextField } from '../../components/account/FormField';
import { NameFields } from '../../components/account/NameFields';
import { NewPasswordFields } from '../../components/account/NewPasswordFields';
import { usePackReturn } from '../../hooks/account/use-pack-return';
import { registrationDraft, useRegistrationDraft } from '../../lib/account/registration-draft';
import { errorText } from '../../lib/account/server-errors';
import { useServerForm } from '../../hooks/account/use-server-form';
import styles from '../../components/account/AccountForm.module.css';

type RegisterForm = z.input<typeof registrationSchema>;
const FIELDS = ['lastName', 'middleName', 'firstName', 'tel', 'mail', 'pass', 'confirmPass', 'referralCode'] as const;
const ALIASES = { referral_code: 'referralCode' } as const;
const EMPTY: RegisterForm = {
  lastName: '',
  middleName: '',
  firstName: '',
  tel: '',
  mail: '',
  pass: '',
  confirmPass: '',
  referralCode: '',
};

/** Step 1 of 3: the form. Validated here with the core schema, then by the server's confirm call. */
export function UserRegisterPage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const { withPack } = usePackReturn();
  const { draft, serverErrors, completed } = useRegistrationDraft();
  // The middle name exists only in the English form (spec section 1).
  const english = i18n.language === 'en';
  const [agreed, setAgreed] = useState(Boolean(draft));
  const {
    form: { handleSubmit },
    register,
    errors,
    isSubmitting,
    general,
    setGeneral,
    showServerErrors,
  } = useServerForm<RegisterForm, RegistrationInput>(
    { resolver: zodResolver(registrationSchema), defaultValues: draft ?? EMPTY },
    FIELDS,
    ALIASES,
  );

  // Coming back from confirm after the register call refused a field: show it on the field.
  useEffect(() => {
    if (!serverErrors) return;
    showServerErrors({ state: 400, errors: serverErrors });
    registrationDraft.clearServerErrors();
  }, [serverErrors, showServerErrors]);

  const onSubmit = handleSubmit(async (values) => {
    setGeneral([]);
    const payload = { ...values, middleName: currentLang() === 'en' ? values.middleName : '' };
    const reply = await confirmRegistration(payload);
    if (reply.state === 200) {
      registrationDraft.save(payload);
      navigate(withPack('/confirm-user-register'));
      return;
    }
    showServerErrors(reply);
  });

  // Back navigation after a finished registration must not reopen the flow.
  if (completed) return <Navigate to="/" replace />;

  return (
    <AccountCard titleId="register-title" title={t('register.title')} lead={t('register.lead')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <NameFields register={register} errors={errors} english={english} placeholders />
        <TelField placeholder={t('placeholders.tel')} error={errorText(errors.tel)} {...register('tel')} />
        <MailField error={errorText(errors.mail)} {...register('mail')} />
        <NewPasswordFields register={register} errors={errors} hint={t('hints.pass')} labels="register" />
        <TextField
          label={t('fields.referralCode')}
          autoComplete="off"
          autoCapitalize="characters"
          hint={t('hints.referralCode')}
          placeholder={t('placeholders.referralCode')}
          error={errorText(errors.referralCode)}
          {...register('referralCode')}
        />
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <div className={styles.actions} aria-live="polite">
          {agreed ? (
            <SubmitButton busy={isSubmitting}>{t('register.toConfirm')}</SubmitButton>
          ) : (
            <p className={styles.hint}>{t('register.agreeHint')}</p>
          )}
        </div>
      </form>
      <div className={styles.links}>
        <span className={styles.muted}>{t('register.haveAccount')}</span>
        <Link to={withPack('/login')}>{t('register.login')}</Link>
      </div>
    </AccountCard>
  );
}
