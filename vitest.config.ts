import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueFileParts } from './apps/web/build/catalogue-parts.ts';

/**
 * Test files run at once (issue 20, ADR 0038). vitest's default is one fewer than the cores: one file at a time on
 * our 2-core machines. Core and component tests use the CPU, so one per core. A server test file spends most of its
 * time waiting for PostgreSQL and its own HTTP calls, and each file has its own cloned database, so several run at
 * once; SERVER_TEST_WORKERS tries another count.
 */
const CPU_WORKERS = Number(process.env.UNIT_TEST_WORKERS ?? 2);
const SERVER_WORKERS = Number(process.env.SERVER_TEST_WORKERS ?? 4);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: CPU_WORKERS,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          maxWorkers: SERVER_WORKERS,
          // A worker keeps its modules from one test file to the next (ADR 0062): each file imported the whole server
          // again, which was half the stage's CPU (import 297 s of 675 s summed). A file's shop is built from its own
          // context and cloned database, never from module state; what must differ per file is passed in (buildApp's
          // webDist), not read from the environment on import.
          isolate: false,
          // A project with its own worker count runs as its own group, after core and web.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The language chunks import parts of a catalogue file (apps/web/build/catalogue-parts.ts), as in the build.
        plugins: [react(), catalogueFileParts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          maxWorkers: CPU_WORKERS,
          // vitest's 5 s default failed ~10 component tests on a busy 2-core machine (issue 20): a render and a few
          // user events can wait seconds for the CPU there. A hung test still fails, after 30 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
