import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { completeCheckoutSession } from '../../api/payments';
import { RedirectWorking } from '../../components/payment/RedirectWorking';
import styles from '../../components/payment/Payment.module.css';

/**
 * /amazon-pay-redirect: completes the retailer wallet's checkout session, then shows the outcome page with the same
 * query (the complete page asks point/end). Without a checkout session, or when the server refuses to complete it,
 * it says the payment was not completed instead of going on to a page that could read as success.
 */
export function AmazonPayRedirectPage() {
  const { t } = useTranslation('payment');
  const { search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const sessionId = new URLSearchParams(search).get('amazonCheckoutSessionId') ?? '';
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current || !sessionId) return;
    started.current = true;
    const q = new URLSearchParams(search);
    void (async () => {
      const r = await completeCheckoutSession(sessionId, q.get('payment_id') ?? undefined);
      if (r.state !== 200) {
        console.warn('complete_checkout_session', r.state, r.errors);
        setFailed(true);
        return;
      }
      navigate(`/complete-buy-point-amazom-pay${search}`, { replace: true });
    })();
  }, [search, sessionId, navigate]);
  if (!sessionId || failed)
    return (
      <section className={styles.page} aria-labelledby="amazon-title">
        <h1 id="amazon-title" className={styles.title}>
          {t('result.failureTitle')}
        </h1>
        <div className={styles.card} role="alert">
          <p className={styles.error}>{t(sessionId ? 'redirect.notCompleted' : 'redirect.noSession')}</p>
        </div>
        <div className={styles.actions}>
          <Link className={styles.secondary} to="/buy-point">
            {t('complete.buyMore')}
          </Link>
          <Link className={styles.secondary} to="/buy-point-history">
            {t('complete.history')}
          </Link>
        </div>
      </section>
    );
  return <RedirectWorking titleId="amazon-title" />;
}
