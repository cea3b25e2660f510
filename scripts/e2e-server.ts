// Starts the shop for the browser tests on a fresh embedded database (the previous run's data is removed).
import { rmSync } from 'node:fs';

// Started by a Playwright worker (e2e/fixtures.ts) with a pipe for stdin: when that worker ends in any way, even
// killed, the pipe closes and the shop stops gracefully with its database instead of living on as an orphan.
if (process.env.E2E_STOP_WITH_PARENT === '1') {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}
rmSync(process.env.DATA_DIR ?? '.e2e-data', { recursive: true, force: true });
await import('../apps/server/src/main.ts');
