import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './AppLayout.module.css';

/** Scrolls to the top on every route change (spec section 2, Global). */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function AppLayout() {
  return (
    <div className={styles.shell}>
      <ScrollToTop />
      <Header />
      <main id="main" className={styles.main}>
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Full-screen pages (the reveal, maintenance) without header and footer. */
export function BareLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </>
  );
}
