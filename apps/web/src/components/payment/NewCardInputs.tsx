import type { UseFormRegister } from 'react-hook-form';
import { CARD_LIMITS } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { NUMBER_PART_MAX, splitCardNumber } from '../../lib/payment/card-token';
import type { CardErrors, ConfirmForm } from '../../lib/payment/confirm-form';
import styles from './Payment.module.css';

type CardFieldName = 'n1' | 'n2' | 'n3' | 'n4' | 'month' | 'year' | 'cvc' | 'cardName';
/** The card page's form or the confirm page's (which has the card fields among others). */
export type CardFieldsRegister = UseFormRegister<Pick<ConfirmForm, CardFieldName>> | UseFormRegister<ConfirmForm>;

/** Four number parts, expiry month/year, security code and name, with the limits of spec section 5. */
export function NewCardInputs({
  register,
  errors,
  onPasteNumber,
}: {
  register: CardFieldsRegister;
  errors: CardErrors;
  /** A whole card number pasted into one part is spread over the four parts. */
  onPasteNumber?: (parts: [string, string, string, string]) => void;
}) {
  const { t } = useTranslation('payment');
  const reg = register as UseFormRegister<Pick<ConfirmForm, CardFieldName>>;
  const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off' };
  const err = (k: 'number' | 'expire' | 'cvc' | 'name') =>
    errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `card-err-${k}` } : {};
  const message = (k: 'number' | 'expire' | 'cvc' | 'name') =>
    errors[k] && (
      <p id={`card-err-${k}`} role="alert" className={styles.error}>
        {errors[k]}
      </p>
    );
  return (
    <div className={styles.fieldset}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('card.number')}</legend>
        <div className={styles.row}>
          {(['n1', 'n2', 'n3', 'n4'] as const).map((name, i) => (
            <input
              key={name}
              className={styles.input}
              {...digits}
              autoComplete={i === 0 ? 'cc-number' : 'off'}
              maxLength={NUMBER_PART_MAX}
              aria-label={t('card.numberPart', { n: i + 1 })}
              onPaste={(e) => {
                const digits = e.clipboardData.getData('text').replace(/\D/g, '');
                if (!onPasteNumber || digits.length <= NUMBER_PART_MAX) return;
                e.preventDefault();
                onPasteNumber(splitCardNumber(digits));
              }}
              {...err('number')}
              {...reg(name)}
            />
          ))}
        </div>
        {message('number')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('card.expire')}</legend>
        <div className={styles.row}>
          <input
            className={styles.input}
            {...digits}
            autoComplete="cc-exp-month"
            maxLength={CARD_LIMITS.month}
            placeholder="MM"
            aria-label={t('card.month')}
            {...err('expire')}
            {...reg('month')}
          />
          <span aria-hidden="true">/</span>
          <input
            className={styles.input}
            {...digits}
            autoComplete="cc-exp-year"
            maxLength={CARD_LIMITS.year}
            placeholder="YY"
            aria-label={t('card.year')}
            {...err('expire')}
            {...reg('year')}
          />
        </div>
        {message('expire')}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="card-cvc">{t('card.cvc')}</label>
        <input
          id="card-cvc"
          className={styles.input}
          {...digits}
          autoComplete="cc-csc"
          maxLength={CARD_LIMITS.cvc}
          type="password"
          {...err('cvc')}
          {...reg('cvc')}
        />
        <span className={styles.muted}>{t('card.cvcHint')}</span>
        {message('cvc')}
      </div>
      <CardNameInput register={register} error={errors.name} />
    </div>
  );
}

/** The cardholder name (the sandbox form and the Stripe form both ask for it; spec section 5 limits). */
export function CardNameInput({ register, error }: { register: CardFieldsRegister; error: string | undefined }) {
  const { t } = useTranslation('payment');
  const reg = register as UseFormRegister<Pick<ConfirmForm, CardFieldName>>;
  return (
    <div className={styles.field}>
      <label htmlFor="card-name">{t('card.name')}</label>
      <input
        id="card-name"
        className={styles.input}
        autoComplete="cc-name"
        maxLength={CARD_LIMITS.name}
        placeholder={t('card.namePlaceholder')}
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': 'card-err-name' } : {})}
        {...reg('cardName')}
      />
      {error && (
        <p id="card-err-name" role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
