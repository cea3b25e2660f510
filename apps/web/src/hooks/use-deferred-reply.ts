import { useDeferredValue } from 'react';

/**
 * A query's reply, rendered at transition priority (issue 13, Total Blocking Time). React Query hands a reply to
 * React as an external-store update, which React always renders at once: a list arriving whole (the top page's
 * packs and posts) was one long task on a phone. With the deferred copy React first re-renders the old state (the
 * skeleton, cheap), then renders the list in slices it can interrupt to let the browser paint and respond.
 * `isPending` stays true until the deferred copy has the reply, so the skeleton never flashes an empty state.
 */
export function useDeferredReply<T>(query: { data: T | undefined; isPending: boolean }) {
  const data = useDeferredValue(query.data);
  return { data, isPending: query.isPending || (query.data !== undefined && data === undefined) };
}
