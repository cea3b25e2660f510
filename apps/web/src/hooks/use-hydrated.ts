import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws the page and while the browser hydrates it (React's server snapshot), true once
 * React runs the page (at once in a client-only render). Before that a form has no handler and the browser would
 * send it itself, field values and all (issue 24: a GET once put `/login?mail=…&pass=…` in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
