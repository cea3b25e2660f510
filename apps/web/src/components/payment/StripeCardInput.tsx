import { useTranslation } from 'react-i18next';
import type { StripeCard } from '../../hooks/payment/use-stripe-card';
import type { CardErrors } from '../../lib/payment/confirm-form';
import { CardNameInput, type CardFieldsRegister } from './NewCardInputs';
import styles from './Payment.module.css';

/**
 * A new card at Stripe: Stripe's Card Element (number, expiry and security code in Stripe's own frame, so the
 * card never touches this page's code) and the cardholder name.
 */
export function StripeCardInput({
  stripeCard,
  register,
  errors,
}: {
  stripeCard: StripeCard;
  register: CardFieldsRegister;
  errors: CardErrors;
}) {
  const { t } = useTranslation('payment');
  const cardError = errors.number ?? errors.expire ?? errors.cvc;
  return (
    <div className={styles.fieldset}>
      <div className={styles.field}>
        <span id="stripe-card-label">{t('card.details')}</span>
        {stripeCard.failed ? (
          <p role="alert" className={styles.error}>
            {t('card.communication')}
          </p>
        ) : (
          <div
            ref={stripeCard.mount}
            className={styles.stripeElement}
            role="group"
            aria-labelledby="stripe-card-label"
            aria-busy={!stripeCard.ready}
            data-testid="stripe-card-element"
          />
        )}
        {cardError && (
          <p role="alert" className={styles.error}>
            {cardError}
          </p>
        )}
      </div>
      <CardNameInput register={register} error={errors.name} />
    </div>
  );
}
