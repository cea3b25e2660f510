import { useEffect, type ReactNode } from 'react';

/**
 * Marks the document once React has committed the page (`<html data-hydrated>`): from then on its forms and buttons
 * are React's. The browser journeys wait for it (e2e/fixtures.ts). It wraps the router on both sides (main.tsx,
 * entry-server.tsx) and draws nothing of its own, so the tree, and with it every useId, is the same on both.
 */
export function HydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return children;
}
