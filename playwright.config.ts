import { defineConfig, devices } from '@playwright/test';

/**
 * E2E journeys in Debian's Chromium emulating a phone (375x812, touch), against the built site
 * served by the real server on a fresh database (scripts/e2e-server.mjs). Never download a browser.
 */
/** The phone every journey runs on. */
const phone = {
  ...devices['iPhone X'],
  // iPhone X defaults to WebKit; we only have Chromium.
  browserName: 'chromium' as const,
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/**
 * The journeys that add to demoagent's team on demo-ph (players under it, their deposits and bets)
 * or compare its team figures with the API's: run one at a time, so that a figure read by one of
 * them is not moved by another meanwhile.
 */
const DEMOAGENT_TEAM = /\/(agent-[a-z-]+|records)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Two journeys at a time (a file's tests run in order, in one worker): most of a journey is
  // waiting for the server or the page, so two share a 2-core machine well. Journeys that change
  // what every visitor of a tenant sees (a maintenance window, hostile content, a new build) or that
  // lock a client address use a private server or an address of their own (e2e/private-server.ts).
  fullyParallel: false,
  workers: 2,
  // One retry on CI: the machine is shared and noisy; a retried test is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // A long journey (register, spins, an agent and a player on two phones) on a loaded 2-core machine
  // can pass 30 s without anything being wrong; a timeout only costs time when a journey fails.
  timeout: 60_000,
  // An expectation waits only as long as it has to; 10 s (not 5) lets a page that starts slowly on
  // a loaded 2-core machine (a first visit's code, hydration) pass the first time instead of on a retry.
  expect: { timeout: 10_000 },
  use: {
    baseURL: 'http://demo-ph.localhost:8181',
    // A failed journey keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Not the screencast: filming every journey's screen (a JPEG per
    // frame) took about a third of the browser's CPU on a 2-core machine, for a filmstrip the
    // DOM snapshots already show.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The site's service worker stays out of the journeys (requests go straight to the server,
    // every visit starts uncached); e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // First: the longest chain of journeys that must run one after another starts at once.
    { name: 'phone, demoagent team', testMatch: DEMOAGENT_TEAM, workers: 1, use: phone },
    { name: 'phone', testIgnore: DEMOAGENT_TEAM, use: phone },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: 'http://127.0.0.1:8181/m/home',
    reuseExistingServer: false,
    // The template database, then the server on a copy (and a build first when dist/ is stale): on a
    // loaded 2-core machine this can take more than 3 minutes; it only costs time when the start fails.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: scripts/e2e-server.mjs then removes its data folder
    // and the file naming it (e2e/ops.ts reads it), instead of leaving them in the temp folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
