import { lazy, Suspense, useEffect, useState } from 'react';
import styles from './LiveTicker.module.css';

// The ticker and the live feed are a chunk of their own, loaded once the page has painted: they add nothing to the
// storefront's first-load JavaScript (its budget, scripts/check-bundle-budget.ts; ADR 0029, 0049).
const HitTicker = lazy(() => import('./HitTicker'));

/**
 * Where the live ticker goes on a page. Renders nothing until after the first paint (a timer after the effect),
 * then loads the ticker, which starts the live stock and hits feed for the whole page. On a pack's page (`packId`)
 * the nothing is a box of the ticker's fixed height.
 */
export function LiveTicker({ packId }: { packId?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(id);
  }, []);
  const ticker = shown ? (
    <Suspense fallback={null}>
      <HitTicker packId={packId} />
    </Suspense>
  ) : null;
  // A pack's page keeps the ticker's place from its first paint (LiveTicker.module.css says why).
  return packId === undefined ? ticker : <div className={styles.slot}>{ticker}</div>;
}
