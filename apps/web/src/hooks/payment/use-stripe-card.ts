import type { Stripe, StripeCardElement, StripeElementStyle } from '@stripe/stripe-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLang } from '../../i18n';
import type { TokenResult } from '../../lib/payment/card-token';
import { stripeCardToken, stripeFor } from '../../lib/payment/stripe-card';

export interface StripeCard {
  /** Stripe.js is loaded: the Card Element can be mounted and a 3-D Secure step run in the page. */
  ready: boolean;
  /** Stripe.js could not be loaded (blocked, offline). */
  failed: boolean;
  /** Ref callback for the element the Card Element is mounted in. */
  mount: (node: HTMLDivElement | null) => (() => void) | undefined;
  /** The entered card as a PaymentMethod id (the token point/buy and point/savedcard take). */
  tokenize: (name: string) => Promise<TokenResult>;
  /** Runs the PaymentIntent's next action (3-D Secure) in the page; false when Stripe.js could not. */
  runNextAction: (clientSecret: string) => Promise<boolean>;
}

/**
 * The Card Element draws in Stripe's own frame, which cannot see this page's CSS: hand it the theme's colours
 * (dark background, light text) read from the element it is mounted in.
 */
function elementStyle(node: HTMLElement): StripeElementStyle {
  const css = getComputedStyle(node);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      color: css.color || v('--text', '#f5f6ff'),
      fontFamily: css.fontFamily,
      fontSize: '16px',
      '::placeholder': { color: v('--text-dim', '#9aa0bd') },
    },
    invalid: { color: v('--danger', '#ff6b81') },
  };
}

/** Stripe.js and its Card Element for `publishableKey`; null leaves Stripe out (the sandbox's own card form). */
export function useStripeCard(publishableKey: string | null): StripeCard | null {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const card = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    stripeFor(publishableKey, currentLang()).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setFailed(true);
      },
      (error: unknown) => {
        console.error('Stripe.js', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);

  const mount = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || !stripe) return undefined;
      const element = stripe
        .elements({ locale: currentLang() })
        .create('card', { hidePostalCode: true, style: elementStyle(node) });
      element.mount(node);
      card.current = element;
      return () => {
        element.destroy();
        card.current = null;
      };
    },
    [stripe],
  );

  const tokenize = useCallback(
    async (name: string): Promise<TokenResult> =>
      stripe && card.current
        ? stripeCardToken(stripe, card.current, name)
        : { ok: false, target: 'communication', code: 'stripe_unavailable' },
    [stripe],
  );

  const runNextAction = useCallback(
    async (clientSecret: string) => {
      if (!stripe) return false;
      try {
        // Any outcome (passed, failed, abandoned) is settled by point/append on /pay-redirect, which asks Stripe.
        await stripe.handleNextAction({ clientSecret });
        return true;
      } catch (error) {
        console.error('Stripe.js next action', error);
        return false;
      }
    },
    [stripe],
  );

  if (!publishableKey) return null;
  return { ready: stripe !== null, failed, mount, tokenize, runNextAction };
}
