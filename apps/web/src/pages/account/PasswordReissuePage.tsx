import { zodResolver } from '@hookform/resolvers/zod';
import { reissueRequestSchema } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset } from '../../api/account';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, MailField, SubmitButton } from '../../components/account/FormField';
import { errorText } from '../../lib/account/server-errors';
import { useServerForm } from '../../hooks/account/use-server-form';
import styles from '../../components/account/AccountForm.module.css';

type ReissueForm = z.input<typeof reissueRequestSchema>;
const FIELDS = ['mail'] as const;

/**
 * Asks for a reset link. The reply is the same whether or not the address is registered (no account probing),
 * so the sent state says "if it is registered".
 */
export function PasswordReissuePage() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    form: { reset },
    register,
    errors,
    isSubmitting,
    general,
    submitTo,
  } = useServerForm<ReissueForm>({ resolver: zodResolver(reissueRequestSchema), defaultValues: { mail: '' } }, FIELDS);

  const onSubmit = submitTo({
    send: ({ mail }) => requestPasswordReset(mail),
    onSuccess: ({ mail }) => setSentTo(mail),
  });

  if (sentTo !== null) {
    return (
      <AccountCard
        titleId="reissue-sent-title"
        title={t('reissue.sentTitle')}
        lead={t('reissue.sentBody', { mail: sentTo })}
        role="status"
      >
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
      </AccountCard>
    );
  }

  return (
    <AccountCard titleId="reissue-title" title={t('reissue.title')} lead={t('reissue.lead')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <MailField error={errorText(errors.mail)} {...register('mail')} />
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>{t('reissue.submit')}</SubmitButton>
        </div>
      </form>
      <div className={styles.links}>
        <Link to="/login">{t('reissue.toLogin')}</Link>
      </div>
    </AccountCard>
  );
}
