import { zodResolver } from '@hookform/resolvers/zod';
import { birthMonthSchema, isMinor, OLDEST_BIRTH_YEAR, tokyoYearMonth, type BirthMonthInput } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { paymentKeys, setBirthMonth, type SpendingLimitsResult } from '../../api/payments';
import { useMailRefusal } from '../../hooks/account/use-mail-refusal';
import { useServerForm } from '../../hooks/account/use-server-form';
import { useFormat } from '../../hooks/use-format';
import { errorText } from '../../lib/account/server-errors';
import { shopNow } from '../../lib/time/shop-time';
import { FormAlert, SelectField, SubmitButton } from '../account/FormField';
import { MailUnverifiedModal } from '../account/MailUnverifiedModal';
import form from '../account/AccountForm.module.css';
import styles from './Payment.module.css';

type BirthForm = z.input<typeof birthMonthSchema>;
const FIELDS = ['birth_year', 'birth_month', 'guardian_consent'] as const;

/**
 * Asked once, before the member's first purchase (issue 19 §2): year and month of birth, and for a minor the
 * guardian's consent the terms require. Who is a minor is judged by the shop clock's date here as on the server.
 */
export function BirthMonthStep() {
  const { t } = useTranslation('payment');
  const qc = useQueryClient();
  const {
    register,
    errors,
    isSubmitting,
    general,
    submitTo,
    form: rhf,
  } = useServerForm<BirthForm, BirthMonthInput>(
    {
      resolver: zodResolver(birthMonthSchema),
      defaultValues: { birth_year: '', birth_month: '', guardian_consent: false },
    },
    FIELDS,
  );
  const { lang } = useFormat();
  const monthName = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'ja-JP', { month: 'long', timeZone: 'UTC' });
  // The shop's date (a moved sandbox clock, a phone set wrong): the server judges the age by it too.
  const today = new Date(shopNow());
  const thisYear = tokyoYearMonth(today).year;
  const years = Array.from({ length: thisYear - OLDEST_BIRTH_YEAR + 1 }, (_, i) => thisYear - i);
  const [year, month] = [Number(rhf.watch('birth_year')), Number(rhf.watch('birth_month'))];
  const minor = year > 0 && month > 0 && isMinor({ year, month }, today);
  // An unconfirmed mail address is refused at this first step, with the dialog that sends the link again.
  const mail = useMailRefusal();
  const onSubmit = submitTo({
    send: (v) => setBirthMonth({ ...v, guardian_consent: minor && v.guardian_consent }),
    onSuccess: (_, reply) => void qc.setQueryData(paymentKeys.spendingLimits(), reply as SpendingLimitsResult),
    onRefused: mail.caught,
  });

  return (
    <section className={styles.card} aria-labelledby="birth-title">
      <h2 id="birth-title" className={styles.sectionTitle}>
        {t('birthMonth.title')}
      </h2>
      <p className={styles.muted}>{t('birthMonth.why')}</p>
      <form method="post" className={form.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <div className={styles.birthFields}>
          <SelectField
            label={t('birthMonth.year')}
            required
            error={errorText(errors.birth_year)}
            {...register('birth_year')}
          >
            <option value="">{t('birthMonth.choose')}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {t('birthMonth.yearValue', { value: y })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('birthMonth.month')}
            required
            error={errorText(errors.birth_month)}
            {...register('birth_month')}
          >
            <option value="">{t('birthMonth.choose')}</option>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {monthName.format(Date.UTC(2000, i, 1))}
              </option>
            ))}
          </SelectField>
        </div>
        {minor && (
          <div>
            <label className={form.check}>
              <input type="checkbox" {...register('guardian_consent')} aria-describedby="consent-note" />
              <span>{t('birthMonth.consent')}</span>
            </label>
            <p id="consent-note" className={styles.muted}>
              {t('birthMonth.consentNote')}
            </p>
            {errors.guardian_consent && (
              <p role="alert" className={form.error}>
                {errorText(errors.guardian_consent)}
              </p>
            )}
          </div>
        )}
        <SubmitButton busy={isSubmitting}>{t('birthMonth.submit')}</SubmitButton>
      </form>
      <MailUnverifiedModal message={mail.message} onClose={mail.close} />
    </section>
  );
}
