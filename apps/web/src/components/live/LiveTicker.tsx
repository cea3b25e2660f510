import { lazy, Suspense, useEffect, useState } from 'react';

// The ticker and the live feed are a chunk of their own, loaded once the page has painted: they add nothing to the
// storefront's first-load JavaScript (its budget, scripts/check-bundle-budget.ts; ADR 0029, 0049).
const HitTicker = lazy(() => import('./HitTicker'));

/**
 * Where the live ticker goes on a page. Renders nothing until after the first paint (a timer after the effect),
 * then loads the ticker, which starts the live stock and hits feed for the whole page.
 */
export function LiveTicker({ packId }: { packId?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(id);
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <HitTicker packId={packId} />
    </Suspense>
  ) : null;
}
