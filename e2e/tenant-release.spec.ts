/**
 * A tenant change published while a page is open (docs/operators.md "Releasing a change"): the open
 * page of demo-en keeps its version until its next route change, which is a full navigation to
 * the new URL with the new version, whole (no reload error, no hydration problem). On a private
 * server with tenant files of its own: the publish changes what every visitor of demo-en sees.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, hydrated, test } from './test';
import { ops } from './ops';
import { closeHomePopupWhenShown } from './home-popup';
import { freePort, seededDataDir, startServer, type RunningServer } from './private-server';

const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

test.describe('tenant release', () => {
  let server: RunningServer | undefined;
  let dataDir = '';
  let tenantsDir = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    tenantsDir = mkdtempSync(join(tmpdir(), 'wl-e2e-release-tenants-'));
    cpSync(new URL('../tenants', import.meta.url).pathname, tenantsDir, { recursive: true });
    dataDir = seededDataDir({ prefix: 'wl-e2e-release-' });
    server = await startServer(await freePort(), dataDir, { TENANTS_DIR: tenantsDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (tenantsDir) rmSync(tenantsDir, { recursive: true, force: true });
  });

  test('an open page switches to a newly published version at its next navigation', async ({ page }) => {
    const origin = `http://demo-en.localhost:${server!.port}`;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/m/home`);
    await hydrated(page);
    await expect(page).toHaveTitle(/(^| )Lucky Harbour$/);
    const config = () => page.evaluate(() => document.getElementById('app-config')?.textContent ?? '');
    expect(await config()).toMatch(/"tenantVersion":"file-[0-9a-f]{12}"/);

    // The operator renames the merchant and publishes it: live at once, no restart.
    const file = join(tenantsDir, 'demo-en', 'tenant.json');
    const tenant = JSON.parse(readFileSync(file, 'utf8')) as { brand: { name: string } };
    tenant.brand.name = 'Harbour Released';
    writeFileSync(file, JSON.stringify(tenant, null, 2));
    const published = await ops<{ ok: boolean; version: { version: number; status: string } }>(['tenant', 'publish', 'demo-en', '--message', 'rename'], { dataDir });
    expect(published.value.version.status).toBe('live');

    // The open page is untouched until the player moves on.
    await expect(page).toHaveTitle(/(^| )Lucky Harbour$/);
    await page.getByRole('banner').getByRole('link', { name: EN.login }).click();
    await expect(page).toHaveURL(`${origin}/m/login`);
    await expect(page).toHaveTitle(/ Harbour Released$/, { timeout: 20_000 });
    await hydrated(page);
    expect(await config()).toContain(`"tenantVersion":"v${published.value.version.version}"`);
    expect(errors).toEqual([]);
  });
});
