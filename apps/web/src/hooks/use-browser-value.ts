import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * A fact of the browser that does not change while the page is open (a feature it supports): `onServer` while the
 * server draws the page and while the browser hydrates it (React's server snapshot), so both draw the same; then
 * the browser's own answer. `read` must return a primitive.
 */
export function useBrowserValue<T extends boolean | string | number | null>(read: () => T, onServer: T): T {
  return useSyncExternalStore(never, read, () => onServer);
}
