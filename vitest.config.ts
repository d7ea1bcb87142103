import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that change what a process shares: a module mock (argon2), fake timers or a
 * stubbed Date.now, render counters on globalThis. They run in a process of their own, as every
 * file outside tests/server does.
 */
const ISOLATED_SERVER_FILES = ['attack-login-timing', 'db-outage', 'lib', 'page-cache', 'site-render'].map((name) => `tests/server/**/${name}.test.ts`);

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ISOLATED_SERVER_FILES,
          // The server's modules (Fastify, the routes, the API contract's compiled validators, PGlite's
          // compiled WebAssembly) are loaded once per worker process and shared by its test files; each
          // file still starts servers on databases of its own.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'widgets/**/*.test.tsx', 'widgets/**/*.test.ts'],
          exclude: ['tests/server/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          include: ISOLATED_SERVER_FILES,
        },
      },
    ],
  },
});
