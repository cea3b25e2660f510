import type { TFunction } from 'i18next';
import { tMessage } from '../../i18n';
import {
  localCardErrors,
  localNameError,
  tokenErrorKey,
  tokenizeCard,
  type CardInput,
} from '../../lib/payment/card-token';
import type { CardErrors } from '../../lib/payment/confirm-form';
import type { StripeCard } from './use-stripe-card';

export type NewCardToken = { ok: true; token: string; req_card_number: string } | { ok: false; errors: CardErrors };

/**
 * A new card checked here, then tokenised by the provider's browser side: Stripe.js (its Card Element) at Stripe,
 * the sandbox's card-token call otherwise. Failures come back as messages per form field, ready to show.
 */
export async function newCardToken(
  card: CardInput,
  stripeCard: StripeCard | null,
  t: TFunction,
): Promise<NewCardToken> {
  const local: CardErrors = stripeCard
    ? Object.fromEntries(Object.entries({ name: localNameError(card.name) }).filter(([, v]) => v))
    : localCardErrors(card);
  if (Object.keys(local).length > 0) {
    return { ok: false, errors: Object.fromEntries(Object.entries(local).map(([k, key]) => [k, tMessage(key)])) };
  }
  const token = stripeCard ? await stripeCard.tokenize(card.name.trim()) : await tokenizeCard(card);
  if (!token.ok) return { ok: false, errors: { [token.target]: token.message ?? t(tokenErrorKey(token.target)) } };
  return token;
}
