import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { appendPayment } from '../../api/payments';
import { useRefreshCurrentUser } from '../../api/account';
import { AlertModal } from '../../components/payment/AlertModal';
import { RedirectWorking } from '../../components/payment/RedirectWorking';
import styles from '../../components/payment/Payment.module.css';

/**
 * /pay-redirect?payment_id: back from a provider's page. Sends payment_id as {token} to point/append, then goes to
 * /complete-buy-point with the same query. Leaving is blocked while it works (spec section 2), both inside the app
 * (useBlocker) and for reloads and closing the tab (beforeunload).
 */
export function PayRedirectPage() {
  const { t } = useTranslation('payment');
  const { search } = useLocation();
  const navigate = useNavigate();
  const refreshUser = useRefreshCurrentUser();
  const working = useRef(true);
  const started = useRef(false);
  const blocker = useBlocker(() => working.current);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!working.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; append once.
    started.current = true;
    const paymentId = new URLSearchParams(search).get('payment_id') ?? '';
    void (async () => {
      if (paymentId) {
        const r = await appendPayment(paymentId);
        if (r.state !== 200) console.warn('point/append', r.state, r.errors);
        await refreshUser();
      }
      working.current = false;
      navigate(`/complete-buy-point${search}`, { replace: true });
    })();
  }, [search, navigate, refreshUser]);

  return (
    <RedirectWorking titleId="redirect-title">
      <AlertModal
        open={blocker.state === 'blocked'}
        title={t('redirect.title')}
        message={t('redirect.leaveBlocked')}
        onClose={() => blocker.reset?.()}
        actions={
          <button type="button" className={styles.primary} onClick={() => blocker.reset?.()} autoFocus>
            {t('redirect.stay')}
          </button>
        }
      />
    </RedirectWorking>
  );
}
