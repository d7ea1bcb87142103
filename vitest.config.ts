import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'widgets/**/*.test.tsx', 'widgets/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    setupFiles: ['tests/setup-dom.ts'],
    // One retry on CI, as the browser journeys have: the machines are shared and noisy; a retried test still shows.
    retry: process.env.CI ? 1 : 0,
  },
});
