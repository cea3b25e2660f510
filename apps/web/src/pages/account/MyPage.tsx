import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout as endSession, useCurrentUser, useUserDetail } from '../../api/account';
import { AccountSummary } from '../../components/account/AccountSummary';
import { SaleStartNoticesPanel } from '../../components/account/SaleStartNoticesPanel';
import { ShippingAddressPanel } from '../../components/account/ShippingAddressPanel';
import { useSessionRefresh } from '../../hooks/account/use-session-refresh';
import { useOpenedOnce } from '../../hooks/use-opened-once';
import { PageSkeleton } from '../../components/ui/Skeleton';
import styles from '../../components/account/MyPage.module.css';

type Notice = 'passwordChanged' | 'addressSaved' | 'profileSaved';

// The two forms (react-hook-form, the zod schemas: about a third of the page's code) load when first opened, not
// before the page can show (issue 13: /my-page's LCP waits for every byte of its code).
const ProfileModal = lazy(() =>
  import('../../components/account/ProfileModal').then((m) => ({ default: m.ProfileModal })),
);
const AddressModal = lazy(() =>
  import('../../components/account/AddressModal').then((m) => ({ default: m.AddressModal })),
);
// Spending limits (issue 19 §2): below the first screen, with two forms of its own; its code comes after the page's.
const SpendingLimitsPanel = lazy(() =>
  import('../../components/account/SpendingLimitsPanel').then((m) => ({ default: m.SpendingLimitsPanel })),
);
// The hit ticker's name choice (issue 22, ADR 0059): last on the page, so its code comes after the page's too.
const TickerNamePanel = lazy(() =>
  import('../../components/account/TickerNamePanel').then((m) => ({ default: m.TickerNamePanel })),
);

/** The account page: balances, profile, shipping address, histories and settings, logout. */
export function MyPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const user = useCurrentUser();
  const detail = useUserDetail();
  const refreshSession = useSessionRefresh();
  const profile = useOpenedOnce();
  const address = useOpenedOnce();
  const [notice, setNotice] = useState<Notice | null>((location.state as { notice?: Notice } | null)?.notice ?? null);
  const [loggingOut, setLoggingOut] = useState(false);

  // The notice was taken into state above; drop it from the history entry so a reload does not repeat it.
  useEffect(() => {
    if (location.state) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  const logout = async () => {
    setLoggingOut(true);
    await endSession();
    // Leave first: refreshing the user while still here would make the route guard send us to /login.
    await navigate('/', { replace: true });
    await refreshSession();
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'currentUser' });
  };

  if (user.isPending || detail.isPending) return <PageSkeleton />;
  const d = detail.data?.detail;
  if (!user.data || !d) {
    return (
      <section className={styles.page}>
        <p role="alert" className={styles.empty}>
          {t('myPage.loadError')}
        </p>
        <button type="button" className={styles.panelButton} onClick={() => void detail.refetch()}>
          {t('myPage.retry')}
        </button>
      </section>
    );
  }

  const links: [string, string][] = [
    ['/buy-product-history', 'myPage.buyProductHistory'],
    ['/buy-point-history', 'myPage.buyPointHistory'],
    ['/coin-history', 'myPage.coinHistory'],
  ];
  return (
    <section className={styles.page} aria-labelledby="my-page-title">
      <h1 id="my-page-title" className={styles.title}>
        {t('myPage.title')}
      </h1>
      {notice && (
        <p role="status" className={styles.notice}>
          {t(`myPage.${notice}`)}
        </p>
      )}
      <div className={styles.grid}>
        <AccountSummary user={user.data} detail={d} onEditProfile={profile.show} />
        <ShippingAddressPanel detail={d} onEdit={address.show} />
        <nav className={styles.panel} aria-labelledby="my-history">
          <h2 id="my-history" className={styles.panelTitle}>
            {t('myPage.history')}
          </h2>
          <ul className={styles.linkList}>
            {links.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className={styles.panel} aria-labelledby="my-settings">
          <h2 id="my-settings" className={styles.panelTitle}>
            {t('myPage.settings')}
          </h2>
          <ul className={styles.linkList}>
            <li>
              <Link to="/change-password">{t('myPage.changePassword')}</Link>
            </li>
            <li>
              {/* The spec's /card-input: saved cards are managed here too, not only inside checkout (issue 23). */}
              <Link to="/card-input">{t('myPage.cards')}</Link>
            </li>
            <li>
              <Link to="/sms">
                {t('myPage.sms')}
                <span className={user.data.end_sms === '1' ? styles.tagDone : styles.tag}>
                  {t(user.data.end_sms === '1' ? 'myPage.smsDone' : 'myPage.smsNotYet')}
                </span>
              </Link>
            </li>
          </ul>
        </nav>
        <Suspense fallback={null}>
          <SpendingLimitsPanel />
        </Suspense>
        <SaleStartNoticesPanel />
        <Suspense fallback={null}>
          <TickerNamePanel />
        </Suspense>
      </div>
      <button type="button" className={styles.logout} onClick={logout} disabled={loggingOut} aria-busy={loggingOut}>
        {t('myPage.logout')}
      </button>
      <Suspense fallback={null}>
        {profile.mounted && (
          <ProfileModal
            open={profile.open}
            detail={d}
            onClose={profile.hide}
            onSaved={() => setNotice('profileSaved')}
          />
        )}
        {address.mounted && (
          <AddressModal open={address.open} onClose={address.hide} onSaved={() => setNotice('addressSaved')} />
        )}
      </Suspense>
    </section>
  );
}
