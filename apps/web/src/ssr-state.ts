import type { Lang } from '@oripa/core';

/**
 * What the server's render hands the browser beside the page's HTML (entry-server.tsx → main.tsx), as JSON in
 * `<script type="application/json" id="ssr-state">` (the shop's CSP runs no inline script; JSON is not run).
 */
export interface SsrState {
  /** The language the page was drawn in: the browser starts in it, so hydration draws the same words. */
  lang: Lang;
  /** The replies the page's queries got on the server (their keys, data and time), without the CSRF pair. */
  queries: { key: readonly unknown[]; data: unknown; at: number }[];
  /** The shop time the page was drawn at: hydration reads it (hooks/use-drawn-time.ts). */
  drawnAt: number;
}

export const SSR_STATE_ID = 'ssr-state';

/** The state the server wrote into this page, or null (a page the server did not render: the dev server). */
export function readSsrState(): SsrState | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
