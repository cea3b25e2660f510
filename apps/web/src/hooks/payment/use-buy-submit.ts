import { katakanaNameField, type PointBuyRequest, type PayId } from '@oripa/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buyPoints, buttonSignature } from '../../api/payments';
import { useRefreshCurrentUser } from '../../api/account';
import { useMailRefusal } from '../account/use-mail-refusal';
import { tMessage } from '../../i18n';
import { buyOutcome } from '../../lib/payment/buy-result';
import { cardFromForm, type CardErrors, type ConfirmForm } from '../../lib/payment/confirm-form';
import { assignLocation } from '../../lib/payment/external';
import { newCardToken } from './new-card-token';
import type { StripeCard } from './use-stripe-card';
import { num } from '../../lib/format/datetime';

export interface BuyAlert {
  ok: boolean;
  message: string;
}

/**
 * The confirm page's submit: collect the chosen method's fields (tokenising a new card first), POST point/buy and
 * follow the buy-point result rules of spec section 4.
 */
export function useBuySubmit(opts: {
  pointPriceId: number;
  /** What the course credits, for the completion message ('1,050P were added'); unknown → the plain message. */
  credited?: { amount: number; coin: boolean };
  packId: number | null;
  sessionId: string;
  /** At Stripe: Stripe.js for new cards and for 3-D Secure in the page. */
  stripeCard?: StripeCard | null;
}) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const refreshUser = useRefreshCurrentUser();
  const [busy, setBusy] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [bankError, setBankError] = useState<string>();
  const [walletError, setWalletError] = useState<string>();
  const [alert, setAlert] = useState<BuyAlert | null>(null);
  // An unconfirmed mail address (issue 19 §2) gets its own modal, with the resend button, for every method.
  const mail = useMailRefusal();

  // Coming back from a provider page with the browser's back button restores this page from the back-forward
  // cache with the button still disabled; enable it again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** The method's fields; null after showing what is wrong; 'leaving' when the browser went to the wallet. */
  async function methodFields(v: ConfirmForm, payId: number): Promise<Partial<PointBuyRequest> | null | 'leaving'> {
    if (payId === 1 || payId === 7) {
      if (v.card !== 'new' && v.card !== '') return { card_index: Number(v.card) };
      const card = cardFromForm(v);
      const token = await newCardToken(card, opts.stripeCard ?? null, t);
      if (!token.ok) {
        setCardErrors(token.errors);
        return null;
      }
      return {
        token: token.token,
        req_card_number: token.req_card_number,
        card_user_name: card.name.trim(),
        save_card: v.saveCard ? '1' : '0',
      };
    }
    if (payId === 2) return { combini_code: v.combini };
    if (payId === 4) {
      const r = katakanaNameField.safeParse(v.bankName);
      if (!r.success) {
        setBankError(tMessage(r.error.issues[0]?.message));
        return null;
      }
      return { name: r.data };
    }
    if (payId === 6) return { carrier_id: v.carrier };
    if (payId === 5) {
      if (opts.sessionId) return { checkout_session_id: opts.sessionId };
      // No session yet: the wallet's sign-in comes first; it returns to this page with amazonCheckoutSessionId.
      const sig = await buttonSignature(opts.pointPriceId);
      if (sig.state === 200 && sig.url) {
        assignLocation(sig.url);
        return 'leaving';
      }
      setWalletError(t('wallet.error'));
      return null;
    }
    return {};
  }

  function failureText(payId: number, server?: string) {
    if (payId === 1 || payId === 7) return t('result.failure');
    if (payId === 5) return t('wallet.retailerFailed');
    return server ?? t('complete.failure');
  }

  async function submit(v: ConfirmForm) {
    if (busy) return;
    const payId = Number(v.payId);
    setCardErrors({});
    setBankError(undefined);
    setWalletError(undefined);
    setBusy(true);
    // While the browser is leaving for a provider page the button stays disabled, so it cannot be pressed twice.
    let leaving = false;
    try {
      const fields = await methodFields(v, payId);
      if (fields === 'leaving') leaving = true;
      if (!fields || fields === 'leaving') return;
      const reply = await buyPoints({
        point_price_id: opts.pointPriceId,
        pay_id: payId as PayId,
        ...(opts.packId ? { pack_id: opts.packId } : {}),
        ...fields,
      });
      const outcome = buyOutcome(reply);
      if (outcome.kind === 'combini' || outcome.kind === 'route') navigate(outcome.to);
      else if (outcome.kind === 'secure' && outcome.clientSecret && opts.stripeCard) {
        // 3-D Secure in the page; whatever its outcome, /pay-redirect asks the provider and shows the result.
        if (await opts.stripeCard.runNextAction(outcome.clientSecret)) {
          navigate(`/pay-redirect?payment_id=${encodeURIComponent(outcome.paymentId)}`);
        } else {
          leaving = true;
          assignLocation(outcome.url);
        }
      } else if (outcome.kind === 'redirect' || outcome.kind === 'secure') {
        leaving = true;
        assignLocation(outcome.url);
      } else if (outcome.kind === 'success') {
        await refreshUser();
        const c = opts.credited;
        setAlert({
          ok: true,
          message: c
            ? t(c.coin ? 'result.successCoins' : 'result.successPoints', { value: num(c.amount) })
            : t('result.success'),
        });
      } else if (!mail.caught(reply)) {
        const nameError = reply.errors?.name?.[0];
        if (payId === 4 && nameError) setBankError(nameError);
        setAlert({ ok: false, message: failureText(payId, outcome.message) });
      }
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  return { submit, busy, cardErrors, bankError, walletError, alert, closeAlert: () => setAlert(null), mail };
}
