/**
 * The startup status on a phone: an operator's maintenance window (set with the CLI) closes the
 * site with its end time and reopens it by itself when it ends (on a private server: the window
 * closes the tenant for every visitor, and the other journeys run meanwhile); a visitor from a
 * country the tenant blocks (through the trusted proxy hop) sees the region view with their IP,
 * and an allow-listed address passes. demo-en blocks RU but lets 5.255.255.77 in (tenants/demo-en).
 */
import { readFileSync, rmSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { ops } from './ops';
import { closeHomePopupWhenShown } from './home-popup';
import { freePort, seededDataDir, startServer, type RunningServer } from './private-server';

const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const EN_SITE = 'http://demo-en.localhost:8181';
const BLOCKED_IP = '5.255.255.5';
const ALLOWED_IP = '5.255.255.77';

/** The game list of a tenant (Node does not resolve *.localhost: the loopback address, the tenant in Host). */
async function gameList(request: APIRequestContext, origin: string): Promise<{ status: number; body: { errorCode?: string; value?: unknown } }> {
  const res = await request.get(`http://127.0.0.1:${new URL(origin).port}/wps/game/list?gameType=RNG`, { headers: { host: new URL(origin).host } });
  return { status: res.status(), body: (await res.json()) as { errorCode?: string; value?: unknown } };
}

/** An instant as Manila's wall clock (demo-ph's zone), as the maintenance view shows it. */
const manila = (ms: number) => new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Manila' }).slice(0, 16);

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

test.describe('maintenance window', () => {
  let server: RunningServer | undefined;
  let dataDir = '';
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = seededDataDir({ prefix: 'wl-e2e-maintenance-' });
    server = await startServer(await freePort(), dataDir);
    origin = `http://demo-ph.localhost:${server.port}`;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.afterEach(async () => {
    await ops(['maintenance', 'clear', '--tenant', 'demo-ph'], { allowRefusal: true, dataDir });
  });

  test('closes the site until its end, then the site is back without a restart', async ({ page, request }) => {
    test.setTimeout(60_000);
    /** The operator's window: from now until `end`, with a message (a new one replaces the tenant's window). */
    const setWindow = async (end: number) => {
      const set = await ops<{ ok: boolean; endsAt: string }>(
        ['maintenance', 'set', '--tenant', 'demo-ph', '--start', 'now', '--end', new Date(end).toISOString(), '--message-ty', 'Ina-upgrade ang wallet'],
        { dataDir },
      );
      expect(set.value).toMatchObject({ ok: true });
    };
    // An hour's window: the site is closed for as long as the page is looked at.
    const end = Date.now() + 3_600_000;
    await setWindow(end);

    await page.goto(`${origin}/m/home`);
    await expect(page).toHaveURL(/\/m\/maintenance$/);
    await expect(page.getByRole('heading', { name: TY.maintenance_title })).toBeVisible();
    await expect(page.getByTestId('maintenance-until')).toHaveText(TY.maintenance_until.replace('{{time}}', manila(end)));
    await expect(page.getByTestId('maintenance-message')).toHaveText('Ina-upgrade ang wallet');
    const closed = await gameList(request, origin);
    expect(closed.status).toBe(503);
    expect(closed.body).toMatchObject({ errorCode: 'maintenance' });

    // The work is done early: the operator brings the end forward to a few seconds from now.
    // Checking again during the window: still closed, until the new end.
    const newEnd = Date.now() + 8_000;
    await setWindow(newEnd);
    await page.getByRole('button', { name: TY.maintenance_check_again }).click();
    await expect(page.getByTestId('maintenance-until')).toHaveText(TY.maintenance_until.replace('{{time}}', manila(newEnd)));
    await expect(page).toHaveURL(/\/m\/maintenance$/);

    // The window ends: the view notices by itself and offers the way home; the API answers again.
    const home = page.getByRole('link', { name: TY.home });
    await expect(home).toBeVisible({ timeout: Math.max(0, newEnd - Date.now()) + 10_000 });
    await home.click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.locator('.status-view')).toHaveCount(0);
    await expect(page.locator('.app-footer')).toBeVisible();
    expect((await gameList(request, origin)).status).toBe(200);
  });
});

test.describe('region restriction: a blocked country', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': BLOCKED_IP } });

  test('shows the region view with the visitor IP, and the API refuses', async ({ page, request }) => {
    await page.goto(`${EN_SITE}/m/home`);
    await expect(page.getByRole('heading', { name: EN.restricted_title })).toBeVisible();
    await expect(page.getByText(EN.access_restricted.replace('{{ip}}', BLOCKED_IP))).toBeVisible();
    const refused = await gameList(request, EN_SITE);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'region.restricted', value: { ip: BLOCKED_IP } });
  });
});

test.describe('region restriction: an allow-listed address', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': ALLOWED_IP } });

  test('passes', async ({ page, request }) => {
    await page.goto(`${EN_SITE}/m/home`);
    await expect(page.locator('.app-footer')).toBeVisible();
    await expect(page.locator('.status-view')).toHaveCount(0);
    expect((await gameList(request, EN_SITE)).status).toBe(200);
  });
});
