import type { UseFormRegister } from 'react-hook-form';
import { CARD_LIMITS } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import {
  caretAfterFormat,
  cardDigits,
  detectCardBrand,
  formatCardNumber,
  type CardBrandId,
} from '../../lib/payment/card-number';
import { CARD_BRANDS } from '../../lib/payment/method-brands';
import { BrandMarks } from './BrandMarks';
import type { CardErrors, ConfirmForm } from '../../lib/payment/confirm-form';
import styles from './Payment.module.css';

type CardFieldName = 'cardNumber' | 'month' | 'year' | 'cvc' | 'cardName';
/** The card page's form or the confirm page's (which has the card fields among others). */
export type CardFieldsRegister = UseFormRegister<Pick<ConfirmForm, CardFieldName>> | UseFormRegister<ConfirmForm>;

/**
 * One card-number field (spaced as printed, brand shown as it is recognised), expiry month/year, security code and
 * name, with the limits of spec section 5.
 */
export function NewCardInputs({ register, errors }: { register: CardFieldsRegister; errors: CardErrors }) {
  const { t } = useTranslation('payment');
  const [brand, setBrand] = useState<CardBrandId | null>(null);
  const shown = CARD_BRANDS.find((b) => b.id === brand);
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
      <div className={styles.field}>
        <label htmlFor="card-number">{t('card.number')}</label>
        <div className={styles.cardNumberRow}>
          <input
            id="card-number"
            className={styles.input}
            inputMode="numeric"
            autoComplete="cc-number"
            // 20 digits and the spaces between their groups.
            maxLength={CARD_LIMITS.number + 5}
            placeholder="1234 5678 9012 3456"
            aria-describedby={errors.number ? 'card-err-number card-brand' : 'card-brand'}
            {...(errors.number ? { 'aria-invalid': true as const } : {})}
            // Runs before react-hook-form's onChange, so the form stores the spaced value the member sees.
            onInput={(e) => {
              const el = e.currentTarget;
              const before = cardDigits(el.value.slice(0, el.selectionStart ?? el.value.length)).length;
              el.value = formatCardNumber(el.value);
              const caret = caretAfterFormat(el.value, before);
              el.setSelectionRange?.(caret, caret);
              setBrand(detectCardBrand(el.value));
            }}
            {...reg('cardNumber')}
          />
          <span id="card-brand" className={styles.cardBrand} aria-live="polite">
            {shown ? (
              <BrandMarks brands={[shown]} />
            ) : (
              <span className="visually-hidden">{t('card.brandUnknown')}</span>
            )}
          </span>
        </div>
        {message('number')}
      </div>
      {/* Expiry and security code side by side, as printed on a card (and one row shorter on a phone). */}
      <div className={styles.expiryCvc}>
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
