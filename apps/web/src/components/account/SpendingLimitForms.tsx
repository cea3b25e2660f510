import { zodResolver } from '@hookform/resolvers/zod';
import {
  COOL_OFF_CHOICES,
  coolOffSchema,
  monthlyLimitSchema,
  type CoolOffInput,
  type MonthlyLimitInput,
  type SpendingLimitsReply,
} from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { paymentKeys, setMonthlyLimit, startCoolOff, type SpendingLimitsResult } from '../../api/payments';
import { useServerForm } from '../../hooks/account/use-server-form';
import { errorText } from '../../lib/account/server-errors';
import { FormAlert, SubmitButton, TextField } from './FormField';
import form from './AccountForm.module.css';
import styles from './SpendingLimits.module.css';

/** Each POST answers the settings as they now stand: they replace the cached copy the panel shows. */
function useSaved() {
  const qc = useQueryClient();
  return (reply: SpendingLimitsResult) => qc.setQueryData(paymentKeys.spendingLimits(), reply);
}

/** The member's own monthly limit: lower at once, higher or removed after 7 days (the server decides). */
export function MonthlyLimitForm({ current }: { current: SpendingLimitsReply }) {
  const { t } = useTranslation('account');
  const saved = useSaved();
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<
    z.input<typeof monthlyLimitSchema>,
    MonthlyLimitInput
  >(
    {
      resolver: zodResolver(monthlyLimitSchema),
      defaultValues: { monthly_limit: current.monthly_limit === null ? '' : String(current.monthly_limit) },
    },
    ['monthly_limit'],
  );
  const onSubmit = submitTo({
    send: (v) => setMonthlyLimit(v.monthly_limit ?? ''),
    onSuccess: (_, reply) => void saved(reply as SpendingLimitsResult),
  });
  return (
    <form method="post" className={form.form} onSubmit={onSubmit} noValidate aria-labelledby="limit-form-title">
      <h3 id="limit-form-title" className={styles.subTitle}>
        {t('spendingLimits.limitForm')}
      </h3>
      <FormAlert messages={general} />
      <TextField
        label={t('spendingLimits.limitField')}
        hint={t('spendingLimits.limitHint')}
        inputMode="numeric"
        autoComplete="off"
        error={errorText(errors.monthly_limit)}
        {...register('monthly_limit')}
      />
      <SubmitButton busy={isSubmitting}>{t('spendingLimits.saveLimit')}</SubmitButton>
    </form>
  );
}

/** A cool-off the member cannot shorten or cancel once started: the warning sits with the choice. */
export function CoolOffForm() {
  const { t } = useTranslation('account');
  const saved = useSaved();
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<
    z.input<typeof coolOffSchema>,
    CoolOffInput
  >({ resolver: zodResolver(coolOffSchema), defaultValues: { period: '24h' } }, ['period']);
  const onSubmit = submitTo({
    send: (v) => startCoolOff(v.period),
    onSuccess: (_, reply) => void saved(reply as SpendingLimitsResult),
  });
  const error = errorText(errors.period);
  return (
    <form method="post" className={form.form} onSubmit={onSubmit} noValidate>
      <FormAlert messages={general} />
      <fieldset className={styles.choices} aria-describedby="cool-off-warning">
        <legend className={styles.subTitle}>{t('spendingLimits.coolOffForm')}</legend>
        {COOL_OFF_CHOICES.map((p) => (
          <label key={p} className={styles.choice}>
            <input type="radio" value={p} {...register('period')} />
            {t(`spendingLimits.period.${p}`)}
          </label>
        ))}
      </fieldset>
      <p id="cool-off-warning" className={styles.warning}>
        {t('spendingLimits.coolOffWarning')}
      </p>
      {error && (
        <p role="alert" className={form.error}>
          {error}
        </p>
      )}
      <SubmitButton busy={isSubmitting}>{t('spendingLimits.startCoolOff')}</SubmitButton>
    </form>
  );
}
