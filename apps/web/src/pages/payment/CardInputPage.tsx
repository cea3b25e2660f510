import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveCard, usePayStyles, useSavedCards } from '../../api/payments';
import { cardFromForm, type CardErrors, type ConfirmForm } from '../../lib/payment/confirm-form';
import { NewCardInputs } from '../../components/payment/NewCardInputs';
import { StripeCardInput } from '../../components/payment/StripeCardInput';
import { newCardToken } from '../../hooks/payment/new-card-token';
import { useStripeCard } from '../../hooks/payment/use-stripe-card';
import { DeleteCardButton, useCardDeletion } from '../../components/payment/CardDeletion';
import { LoadState } from '../../components/payment/LoadState';
import styles from '../../components/payment/Payment.module.css';
import { SubmitButton } from '../../components/ui/SubmitButton';

type CardForm = Pick<ConfirmForm, 'cardNumber' | 'month' | 'year' | 'cvc' | 'cardName'>;

/**
 * /card-input, linked from My Page: the member's saved cards (delete, asked first) and a form to add one (tokenised
 * by the sandbox's card form or by Stripe.js at Stripe, then POST point/savedcard), as checkout takes a card.
 */
export function CardInputPage() {
  const { t } = useTranslation('payment');
  const { register, handleSubmit, reset } = useForm<CardForm>();
  const saved = useSavedCards();
  const payStyles = usePayStyles();
  const stripeCard = useStripeCard(
    (payStyles.data?.payment_provider === 'stripe' && payStyles.data.publishable_key) || null,
  );
  const [errors, setErrors] = useState<CardErrors>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [cleared, setCleared] = useState(0);

  // One deletion flow with the confirm page's card choice (ask first, then refetch).
  const deletion = useCardDeletion(async () => {
    await saved.refetch();
  });

  async function onSubmit(v: CardForm) {
    if (busy) return;
    setErrors({});
    setNotice(null);
    const card = cardFromForm(v as ConfirmForm);
    setBusy(true);
    try {
      const token = await newCardToken(card, stripeCard, t);
      if (!token.ok) {
        setErrors(token.errors);
        return;
      }
      const reply = await saveCard({
        pay_id: 1,
        token: token.token,
        req_card_number: token.req_card_number,
        card_user_name: card.name.trim(),
      });
      if (reply.state === 200) {
        setNotice({ ok: true, text: t('card.registered') });
        reset();
        // The card-number field keeps the brand it recognised in its own state: a fresh one for the next card.
        setCleared((n) => n + 1);
        void saved.refetch();
      } else {
        setNotice({ ok: false, text: t('card.saveFailed') });
      }
    } finally {
      setBusy(false);
    }
  }

  const cards = saved.data?.card_list ?? [];
  return (
    <section className={styles.page} aria-labelledby="card-input-title">
      <h1 id="card-input-title" className={styles.title}>
        {t('card.manageTitle')}
      </h1>
      <p className={styles.lead}>{t('card.inputLead')}</p>
      <section className={styles.card} aria-labelledby="saved-heading">
        <h2 id="saved-heading" className={styles.sectionTitle}>
          {t('card.saved')}
        </h2>
        {saved.isPending ? (
          <LoadState />
        ) : saved.isError ? (
          <LoadState error onRetry={() => void saved.refetch()} />
        ) : cards.length === 0 ? (
          <p className={styles.muted}>{t('card.none')}</p>
        ) : (
          <ul className={styles.savedList}>
            {cards.map((c) => (
              <li key={c.id} className={styles.savedRow}>
                <span className={styles.choiceText}>
                  <span>{c.card}</span>
                  <span className={styles.muted}>
                    {c.brand} {c.expire}
                  </span>
                </span>
                <DeleteCardButton card={c} onClick={() => deletion.ask(c)} />
              </li>
            ))}
          </ul>
        )}
        {deletion.notice}
      </section>
      <form
        method="post"
        className={styles.card}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-labelledby="add-card-heading"
      >
        <h2 id="add-card-heading" className={styles.sectionTitle}>
          {t('card.addHeading')}
        </h2>
        {payStyles.isPending ? null : stripeCard ? (
          <StripeCardInput stripeCard={stripeCard} register={register} errors={errors} />
        ) : (
          <NewCardInputs key={cleared} register={register} errors={errors} />
        )}
        {(['maintenance', 'communication', 'other'] as const).map(
          (k) =>
            errors[k] && (
              <p key={k} role="alert" className={styles.error}>
                {errors[k]}
              </p>
            ),
        )}
        {notice && (
          <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? styles.success : styles.error}>
            {notice.text}
          </p>
        )}
        <div className={styles.actions}>
          <SubmitButton className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? t('confirm.submitting') : t('card.register')}
          </SubmitButton>
        </div>
      </form>
      <div className={styles.actions}>
        <Link className={styles.secondary} to="/my-page">
          {t('card.backToMyPage')}
        </Link>
        <Link className={styles.secondary} to="/buy-point">
          {t('confirm.backToCourses')}
        </Link>
      </div>
      {deletion.dialog}
    </section>
  );
}
