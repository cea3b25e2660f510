import { useEffect, useId } from 'react';
import type { UseFormRegister, UseFormWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSavedCards } from '../../api/payments';
import { DeleteCardButton, useCardDeletion } from './CardDeletion';
import { LoadState } from './LoadState';
import { NewCardInputs } from './NewCardInputs';
import { StripeCardInput } from './StripeCardInput';
import type { StripeCard } from '../../hooks/payment/use-stripe-card';
import type { CardErrors, ConfirmForm } from '../../lib/payment/confirm-form';
import styles from './Payment.module.css';

/** Card payment (pay ids 1 and 7): a saved card, or a new one tokenised on submit (by Stripe.js at Stripe). */
export function CardFields({
  register,
  watch,
  errors,
  onCardsChanged,
  onCardsLoaded,
  stripeCard,
}: {
  register: UseFormRegister<ConfirmForm>;
  watch: UseFormWatch<ConfirmForm>;
  errors: CardErrors;
  onCardsChanged: (firstId: string | null) => void;
  /** Called once the saved cards are known, so the first saved card (or a new card) can be preselected. */
  onCardsLoaded: (firstId: string | null) => void;
  /** Set when the provider is Stripe: its Card Element replaces the sandbox's card fields. */
  stripeCard?: StripeCard | null;
}) {
  const { t } = useTranslation('payment');
  const saved = useSavedCards();
  const legendId = useId();
  const cards = saved.data?.card_list ?? [];
  const choice = watch('card');
  const loaded = saved.isSuccess || saved.isError;
  const firstId = cards[0] ? String(cards[0].id) : null;
  useEffect(() => {
    if (loaded) onCardsLoaded(firstId);
  }, [loaded, firstId, onCardsLoaded]);

  const deletion = useCardDeletion(async () => {
    const next = await saved.refetch();
    onCardsChanged(next.data?.card_list?.[0] ? String(next.data.card_list[0].id) : null);
  });

  // Until the saved cards are known, neither the list nor the new-card form is shown (no flash of the wrong one).
  if (saved.isPending) return <LoadState />;
  return (
    <div className={styles.fieldset}>
      {cards.length > 0 && (
        <fieldset className={styles.fieldset} aria-labelledby={legendId}>
          <legend id={legendId} className={styles.legend}>
            {t('card.saved')}
          </legend>
          {cards.map((c) => (
            <div key={c.id} className={styles.row}>
              <label className={`${styles.choice} ${styles.grow}`}>
                <input type="radio" value={String(c.id)} {...register('card')} />
                <span className={styles.choiceText}>
                  <span>{c.card}</span>
                  <span className={styles.muted}>
                    {c.brand} {c.expire}
                  </span>
                </span>
              </label>
              <DeleteCardButton card={c} onClick={() => deletion.ask(c)} />
            </div>
          ))}
          <label className={styles.choice}>
            <input type="radio" value="new" {...register('card')} />
            <span>{t('card.newCard')}</span>
          </label>
        </fieldset>
      )}
      {deletion.notice}
      {(choice === 'new' || cards.length === 0) &&
        (stripeCard ? (
          <StripeCardInput stripeCard={stripeCard} register={register} errors={errors} />
        ) : (
          <NewCardInputs register={register} errors={errors} />
        ))}
      {(choice === 'new' || cards.length === 0) && (
        <label className={styles.checkRow}>
          <input type="checkbox" {...register('saveCard')} />
          <span>{t('card.saveCard')}</span>
        </label>
      )}
      {(['maintenance', 'communication', 'other'] as const).map(
        (k) =>
          errors[k] && (
            <p key={k} role="alert" className={styles.error}>
              {errors[k]}
            </p>
          ),
      )}
      <p className={styles.muted}>{t('card.secureNote')}</p>
      {deletion.dialog}
    </div>
  );
}
