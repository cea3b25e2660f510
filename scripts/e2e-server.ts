// Starts the shop for the browser tests on a fresh embedded database (the previous run's data is removed).
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR ?? '.e2e-data', { recursive: true, force: true });
await import('../apps/server/src/main.ts');
