import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { completeCheckoutSession } from '../../api/payments';
import { RedirectWorking } from '../../components/payment/RedirectWorking';

/** /amazon-pay-redirect: completes the retailer wallet's checkout session, then shows the outcome page with the same
 * query (the reply is unused; the complete page asks point/end). */
export function AmazonPayRedirectPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(search);
    void (async () => {
      const r = await completeCheckoutSession(q.get('amazonCheckoutSessionId') ?? '', q.get('payment_id') ?? undefined);
      if (r.state !== 200) console.warn('complete_checkout_session', r.state, r.errors);
      navigate(`/complete-buy-point-amazom-pay${search}`, { replace: true });
    })();
  }, [search, navigate]);
  return <RedirectWorking titleId="amazon-title" />;
}
