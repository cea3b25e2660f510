import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../../routes/route-def';
import { PageSkeleton } from '../ui/Skeleton';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeaderSlotProvider } from '../../hooks/use-header-slot';
import styles from './AppLayout.module.css';

/**
 * Scrolls to the top on every route change (spec section 2, Global). A navigation with state {keepScroll: true}
 * (the top page's tabs updating ?type=) is a change within the page and keeps the position.
 */
function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const keep = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  useEffect(() => {
    if (!keep) window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the address decides
  }, [pathname, search]);
  return null;
}

export function AppLayout() {
  const { t } = useTranslation('layout');
  const checkout = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.footer === 'checkout');
  return (
    <HeaderSlotProvider>
      <div className={styles.shell}>
        <ScrollToTop />
        <a href="#main" className={styles.skip}>
          {t('skipToContent')}
        </a>
        <Header />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer checkout={checkout} />
      </div>
    </HeaderSlotProvider>
  );
}

/** Full-screen pages (the reveal, maintenance) without header and footer. */
export function BareLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
