import { CARRIER_IDS, COMBINI_CHAINS, COMBINI_CODES } from '@oripa/core';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConfirmForm } from '../../lib/payment/confirm-form';
import styles from './Payment.module.css';

/** Convenience store (pay id 2): the chain, with what the buyer does there (core COMBINI_CHAINS). */
export function CombiniFields({ register }: { register: UseFormRegister<ConfirmForm> }) {
  const { t } = useTranslation('payment');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('combini.legend')}</legend>
      {COMBINI_CODES.map((code) => (
        <label key={code} className={styles.choice}>
          <input type="radio" value={code} {...register('combini')} />
          <span>
            {t(`combini.${code}`)}
            <small className={styles.muted}> {t(`combini.how.${COMBINI_CHAINS[code].instruction}`)}</small>
          </span>
        </label>
      ))}
      <p className={styles.muted}>{t('combini.note')}</p>
    </fieldset>
  );
}

/** Bank transfer (pay id 4): the account holder name in full-width katakana, checked with core's schema. */
export function BankFields({ register, error }: { register: UseFormRegister<ConfirmForm>; error?: string }) {
  const { t } = useTranslation('payment');
  return (
    <div className={styles.field}>
      <label htmlFor="bank-name">{t('bank.holder')}</label>
      <input
        id="bank-name"
        className={styles.input}
        maxLength={30}
        autoComplete="off"
        placeholder={t('bank.holderPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'bank-name-hint bank-name-err' : 'bank-name-hint'}
        {...register('bankName')}
      />
      <span id="bank-name-hint" className={styles.muted}>
        {t('bank.holderHint')}
      </span>
      {error && (
        <p id="bank-name-err" role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Carrier billing (pay id 6): SoftBank, au or docomo (d払い). */
export function CarrierFields({ register }: { register: UseFormRegister<ConfirmForm> }) {
  const { t } = useTranslation('payment');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('carrier.legend')}</legend>
      {CARRIER_IDS.map((id) => (
        <label key={id} className={styles.choice}>
          <input type="radio" value={id} {...register('carrier')} />
          <span>{t(`carrier.${id}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
