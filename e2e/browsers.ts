import { existsSync } from 'node:fs';

/**
 * Which Chromium the journeys drive. Debian's chromium-headless-shell (the old headless mode, Playwright's own
 * default) when it is installed: the same journeys took half the CPU in it (accounts.spec.ts: 295 → 154
 * core-seconds; the whole stage 21.4 → 14.5 min on one machine), and the stage is bound by CPU (ADR 0038).
 * E2E_BROWSER=full takes Debian's full browser in its new headless mode, as a member's Chromium renders; so does a
 * journey that needs what the shell lacks (notifications: drop-launch.spec.ts uses FULL_CHROMIUM). CHROMIUM_PATH
 * overrides both.
 */
export const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (process.env.E2E_BROWSER !== 'full' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
