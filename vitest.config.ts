import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Two projects: server integration tests (node, real database) and web component tests (happy-dom). */
export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: a single worker on a 2-core machine. The main process
    // mostly waits on the workers, so give them every core.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          // Migrates one template database per run; each file's database is a copy (test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Hang guards, not timings: npm test runs this project beside the browser journeys on two cores.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file builds its own app and database; the files of one worker share a process and its loaded modules
          // (importing the server afresh for every file cost about half of this project's time).
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          // happy-dom rather than jsdom: the same tests pass in both, and happy-dom takes about two thirds of the CPU.
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./apps/web/src/test/setup.ts'],
          // Room for the longer waits in setup.ts when the machine is busy.
          testTimeout: 20_000,
          // Files share one DOM and one module graph per worker instead of rebuilding both per file (most of
          // the web project's time). Every test starts clean all the same: setup.ts unmounts, clears storage and
          // restores globals and mocks after each test, and each test builds its own query client and router.
          isolate: false,
        },
      },
    ],
  },
});
