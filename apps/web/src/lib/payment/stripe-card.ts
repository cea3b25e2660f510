// The pure entry injects Stripe.js only when loadStripe is called (the main entry does it on import, sandbox too).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import type { CardErrorTarget, TokenResult } from './card-token';

/**
 * Cards at Stripe (PAYMENT_PROVIDER=stripe, DESIGN.md section 3): Stripe.js takes the card in its own Element,
 * turns it into a PaymentMethod (pm_…) that goes to point/buy as the token, and runs 3-D Secure in the page with
 * the client secret the buy answers. The card number never reaches the shop, as with the sandbox's token call.
 */
let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;

/** Stripe.js for this publishable key, injected once (loadStripe adds the script from js.stripe.com). */
export function stripeFor(publishableKey: string, locale: 'ja' | 'en'): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey) loaded = { key: publishableKey, stripe: loadStripe(publishableKey, { locale }) };
  return loaded.stripe;
}

/** Where a Stripe.js error belongs on the form (its codes: docs.stripe.com/error-codes). */
export function stripeErrorTarget(error: Pick<StripeError, 'type' | 'code'>): CardErrorTarget {
  const code = error.code ?? '';
  if (error.type === 'api_connection_error') return 'communication';
  if (/number/.test(code)) return 'number';
  if (/expir/.test(code)) return 'expire';
  if (/cvc/.test(code)) return 'cvc';
  return 'other';
}

/** The Card Element's card as a PaymentMethod; its message is Stripe.js's own, already in the page's language. */
export async function stripeCardToken(stripe: Stripe, card: StripeCardElement, name: string): Promise<TokenResult> {
  const r = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } });
  if (r.error) {
    const target = stripeErrorTarget(r.error);
    return { ok: false, target, code: r.error.code ?? r.error.type, message: r.error.message };
  }
  const last4 = r.paymentMethod.card?.last4 ?? '';
  return { ok: true, token: r.paymentMethod.id, req_card_number: `**** **** **** ${last4}` };
}
