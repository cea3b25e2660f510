import { existsSync } from 'node:fs';

/**
 * Which Chromium the journeys drive: Debian's full browser in its headless mode, or CHROMIUM_PATH.
 * E2E_BROWSER=headless-shell takes Debian's chromium-headless-shell (the old headless mode, Playwright's own
 * default), which took half the CPU for the same journeys (accounts.spec.ts: 295 → 154 core-seconds, 2.4 → 1.4 min;
 * the whole stage 21.4 → 14.5 min on one machine). It is not the default yet: with it, two journeys lost an action
 * (a wallet's second purchase did not leave the confirm page; the new-game walk's draw opened no dialog), and the
 * shell shows no notifications, so the drop journey's push is never seen.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (process.env.E2E_BROWSER === 'headless-shell' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
