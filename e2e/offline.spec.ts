/**
 * The site's service worker on a phone: after a first visit, pages seen before open offline from
 * the worker's cache in the tenant's language, each tenant's host from its own cache; an address
 * never seen shows the tenant's offline page; money calls are never answered from a cache (the
 * header shows no stale balance, the member is told they are offline); a new build's worker
 * offers a reload. The journeys' default blocks service workers (playwright.config.ts); these
 * allow them.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { openHome, registerMember } from './members';
import { precompressFile } from '../scripts/vite-precompress';
import { freePort, seededDataDir, startServer } from './private-server';
import { expectMemberView, useStoredSession } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

const PH = 'http://demo-ph.localhost:8181';
const EN_ORIGIN = 'http://demo-en.localhost:8181';

test.use({ serviceWorkers: 'allow' });
test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

/** The worker registers once the page is idle; resolves when it controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** A first visit: the worker installs and takes the page; a second load fetches the page's chunks through it. */
async function firstVisit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await controlled(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/** The addresses the worker's page cache holds in the page's origin. */
function cachedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await (await caches.open('pages')).keys()).map((request) => request.url));
}

/** Every address held in any of the origin's caches. */
function cachedAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

/** The server's clock in the page's startup settings: each page the server makes has its own. */
function pageServerTime(page: Page): Promise<unknown> {
  return page.evaluate(() => (JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as { startup?: { serverTime?: unknown } }).startup?.serverTime);
}

test('offline, a page seen before opens from this tenant\'s cache in its language; one never seen shows the tenant\'s offline page', async ({ page, context }) => {
  // Two first visits, each waiting for the worker to install once the page is idle: side by side,
  // on two tabs of the phone (each host has a worker of its own).
  test.slow();
  const other = await context.newPage();
  await Promise.all([firstVisit(page, `${PH}/m/home`), firstVisit(other, `${EN_ORIGIN}/m/home`)]);
  await other.close();
  await context.setOffline(true);

  // Two tenants, one worker file: each host's cache holds its own page only.
  const cachedTime: Record<string, unknown> = {};
  for (const [origin, lang, name, messages] of [
    [PH, 'fil', 'Suwerte Demo', TY],
    [EN_ORIGIN, 'en', 'Lucky Harbour', EN],
  ] as const) {
    await page.goto(`${origin}/m/home`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('.app-header__name')).toHaveText(name);
    await expect(page.locator('html')).toHaveAttribute('data-view', 'visitor');
    await expect(page.getByRole('link', { name: messages.login })).toBeVisible();
    expect(await cachedPages(page)).toEqual([`${origin}/m/home`]);
    cachedTime[origin] = await pageServerTime(page);

    await page.goto(`${origin}/m/voucherCenter`);
    await expect(page.getByRole('heading', { name: messages.offline_title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: messages.offline_retry })).toHaveAttribute('href', '');
  }

  // Online again, the server answers first: a page it made now, not the cached one.
  await context.setOffline(false);
  await page.goto(`${PH}/m/home`);
  await expect(page.locator('.app-header__name')).toHaveText('Suwerte Demo');
  expect(cachedTime[PH]).toBeTruthy();
  expect(await pageServerTime(page)).not.toEqual(cachedTime[PH]);
});

test('offline, a money call says the member is offline and the header shows no stale balance', async ({ page, context, request }) => {
  const session = await registerMember(request, PH);
  await useStoredSession(page, session);
  await openHome(page);
  await controlled(page);
  await page.reload();
  await expectMemberView(page);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/0\.00$/);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  // Never cached: the wallet call goes to the network and fails there.
  await page.getByRole('button', { name: TY.refresh_balance }).click();
  await expect(page.locator('.toast', { hasText: TY.network_offline })).toBeVisible();
  await expect(balance).toHaveText('--');

  // The page itself comes from the cache; the balance is still unknown, not the last one.
  await page.reload();
  await expectMemberView(page);
  await expect(page.locator('.toast', { hasText: TY.network_offline })).toBeVisible();
  await expect(balance).toHaveText('--');
  const cached = await cachedAddresses(page);
  expect(cached).toContain(`${PH}/m/home`);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/wps'))).toEqual([]);
});

test('a new build\'s worker offers a reload; Reload brings the new build in', async ({ page }) => {
  test.setTimeout(240_000);
  // A deployment of our own, served by a private server: the build's files (linked, as they are)
  // but for its worker, a copy that is then changed as the next build would change it.
  const dir = mkdtempSync(join(tmpdir(), 'wl-sw-'));
  const site = join(dir, 'site');
  mkdirSync(site);
  for (const name of readdirSync('dist')) {
    if (name.startsWith('sw.js')) cpSync(join('dist', name), join(site, name));
    else symlinkSync(resolve('dist', name), join(site, name));
  }
  symlinkSync(resolve('dist-ssr'), `${site}-ssr`);
  const server = await startServer(await freePort(), seededDataDir({ dir: join(dir, 'data') }), { SITE_DIR: site });
  try {
    const origin = `http://demo-ph.localhost:${server.port}`;
    await page.goto(`${origin}/m/home`);
    await controlled(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // The next build: its worker names another build version (as any change of a chunk does).
    const worker = join(site, 'sw.js');
    const next = readFileSync(worker, 'utf8').replace(/revision:"[0-9a-f]{16}"/, 'revision:"0123456789abcdef"');
    expect(next).toContain('0123456789abcdef');
    writeFileSync(worker, next);
    // As a build does: its compressed copies, which the server sends in its place, are written again.
    await precompressFile(worker);

    await page.reload();
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(TY.update_available, { timeout: 20_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: TY.update_reload }).click();
    await reloaded;
    await expect(page.locator('.app-header__name')).toHaveText('Suwerte Demo');
    await expect(prompt).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/m/');
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: null, active: 'activated', controlled: true });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
