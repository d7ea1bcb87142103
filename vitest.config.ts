import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'widgets/**/*.test.tsx', 'widgets/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    // A server test's hook starts an embedded database: slower with two files at once on two cores.
    hookTimeout: 120000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: a single one on the 2-core CI machines,
    // while many files spend their time waiting on PostgreSQL, child processes and the browser. Two at least.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    setupFiles: ['tests/setup-dom.ts'],
    // The server tests' template databases: migrated and seeded once per run, copied per suite.
    globalSetup: ['tests/global-setup.ts'],
    // One retry on CI, as the browser journeys have: the machines are shared and noisy; a retried test still shows.
    retry: process.env.CI ? 1 : 0,
  },
});
