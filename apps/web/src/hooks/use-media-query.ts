import { useCallback, useSyncExternalStore } from 'react';

/** True while the media query matches; false where matchMedia is missing (old browsers, some test DOMs). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener?.('change', onChange);
      return () => mql.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  // The server knows no screen: its page (and the browser's hydration of it) is drawn as if nothing matched, and
  // the browser then draws its own answer (React's server snapshot).
  return useSyncExternalStore(subscribe, get, () => false);
}

/** The spec's mobile breakpoint (section 9): 768 px and below. */
export const MOBILE_QUERY = '(max-width: 768px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
