import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API test files side by side, at least two: Vitest's default (one fewer than the
 * cores) runs one file at a time on a 2-core machine, while a file spends much of its time
 * waiting (timers, sockets, the database) rather than computing.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
          globalSetup: ['tests/setup/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/e2e-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page on a loaded CI machine may take seconds to render what it would show in
          // milliseconds here; a poll still fails when the page never shows it.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
