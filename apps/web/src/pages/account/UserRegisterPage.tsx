import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { registrationSchema, type RegistrationInput } from '@oripa/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { currentLang } from '../../i18n';
import { AgreementCheck } from '../../components/account/AgreementCheck';
import { FormAlert, TextField } from '../../components/account/FormField';
import { usePackReturn } from '../../components/account/pack-return';
import { registrationDraft, useRegistrationDraft } from '../../components/account/registration-draft';
import { applyServerErrors, errorText } from '../../components/account/server-errors';
import styles from '../../components/account/AccountForm.module.css';

type RegisterForm = z.input<typeof registrationSchema>;
const FIELDS = ['lastName', 'middleName', 'firstName', 'tel', 'mail', 'pass', 'confirmPass', 'referralCode'] as const;
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
  const [general, setGeneral] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegistrationInput>({
    resolver: zodResolver(registrationSchema),
    defaultValues: draft ?? EMPTY,
  });

  // Coming back from confirm after the register call refused a field: show it on the field.
  useEffect(() => {
    if (!serverErrors) return;
    setGeneral(
      applyServerErrors({ state: 400, errors: serverErrors }, setError, FIELDS, { referral_code: 'referralCode' }),
    );
    registrationDraft.clearServerErrors();
  }, [serverErrors, setError]);

  const onSubmit = handleSubmit(async (values) => {
    setGeneral([]);
    const payload = { ...values, middleName: currentLang() === 'en' ? values.middleName : '' };
    const reply = await apiPost('/user/confirm', payload);
    if (reply.state === 200) {
      registrationDraft.save(payload);
      navigate(withPack('/confirm-user-register'));
      return;
    }
    setGeneral(applyServerErrors(reply, setError, FIELDS, { referral_code: 'referralCode' }));
  });

  // Back navigation after a finished registration must not reopen the flow.
  if (completed) return <Navigate to="/" replace />;

  const nameFields = [
    <TextField
      key="last"
      label={t('fields.lastName')}
      autoComplete="family-name"
      required
      placeholder={t('placeholders.lastName')}
      error={errorText(errors.lastName)}
      {...register('lastName')}
    />,
    english && (
      <TextField
        key="middle"
        label={t('fields.middleName')}
        autoComplete="additional-name"
        placeholder={t('placeholders.middleName')}
        error={errorText(errors.middleName)}
        {...register('middleName')}
      />
    ),
    <TextField
      key="first"
      label={t('fields.firstName')}
      autoComplete="given-name"
      required
      placeholder={t('placeholders.firstName')}
      error={errorText(errors.firstName)}
      {...register('firstName')}
    />,
  ];
  // English speakers write the given name first; Japanese the family name first.
  if (english) nameFields.reverse();

  return (
    <section className={styles.page} aria-labelledby="register-title">
      <div className={styles.card}>
        <h1 id="register-title" className={styles.title}>
          {t('register.title')}
        </h1>
        <p className={styles.lead}>{t('register.lead')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <FormAlert messages={general} />
          {nameFields}
          <TextField
            label={t('fields.tel')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            hint={t('hints.tel')}
            placeholder={t('placeholders.tel')}
            error={errorText(errors.tel)}
            {...register('tel')}
          />
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
            autoComplete="new-password"
            required
            hint={t('hints.pass')}
            maxLength={20}
            error={errorText(errors.pass)}
            {...register('pass')}
          />
          <TextField
            label={t('fields.confirmPass')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={20}
            error={errorText(errors.confirmPass)}
            {...register('confirmPass')}
          />
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
              <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
                {t('register.toConfirm')}
              </button>
            ) : (
              <p className={styles.hint}>{t('register.agreeHint')}</p>
            )}
          </div>
        </form>
        <div className={styles.links}>
          <span className={styles.muted}>{t('register.haveAccount')}</span>
          <Link to={withPack('/login')}>{t('register.login')}</Link>
        </div>
      </div>
    </section>
  );
}
