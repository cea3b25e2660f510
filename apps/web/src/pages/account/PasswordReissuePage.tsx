import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { reissueRequestSchema } from '@oripa/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert, TextField } from '../../components/account/FormField';
import { applyServerErrors, errorText } from '../../components/account/server-errors';
import styles from '../../components/account/AccountForm.module.css';

type ReissueForm = z.input<typeof reissueRequestSchema>;

/**
 * Asks for a reset link. The reply is the same whether or not the address is registered (no account probing),
 * so the sent state says "if it is registered".
 */
export function PasswordReissuePage() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReissueForm>({ resolver: zodResolver(reissueRequestSchema), defaultValues: { mail: '' } });

  const onSubmit = handleSubmit(async ({ mail }) => {
    setGeneral([]);
    const reply = await apiPost('/user/reset_password', { mail });
    if (reply.state === 200) {
      setSentTo(mail);
      return;
    }
    setGeneral(applyServerErrors(reply, setError, ['mail']));
  });

  if (sentTo !== null) {
    return (
      <section className={styles.page} aria-labelledby="reissue-sent-title">
        <div className={styles.card} role="status">
          <h1 id="reissue-sent-title" className={styles.title}>
            {t('reissue.sentTitle')}
          </h1>
          <p className={styles.lead}>{t('reissue.sentBody', { mail: sentTo })}</p>
          <p className={styles.hint}>{t('reissue.sentNote')}</p>
          <div className={styles.actions}>
            <Link to="/login" className={styles.primary}>
              {t('reissue.toLogin')}
            </Link>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                reset({ mail: '' });
                setSentTo(null);
              }}
            >
              {t('reissue.again')}
            </button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="reissue-title">
      <div className={styles.card}>
        <h1 id="reissue-title" className={styles.title}>
          {t('reissue.title')}
        </h1>
        <p className={styles.lead}>{t('reissue.lead')}</p>
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
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
              {t('reissue.submit')}
            </button>
          </div>
        </form>
        <div className={styles.links}>
          <Link to="/login">{t('reissue.toLogin')}</Link>
        </div>
      </div>
    </section>
  );
}
