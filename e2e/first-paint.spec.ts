/**
 * First paint from the server: with JavaScript disabled, home still shows the header, the
 * banners, the category menu and the footer, in the tenant's language and colours. What the
 * browser later adds (member parts, animations) is not part of this check.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './test';

const ORIGINS = {
  'demo-ph': 'http://demo-ph.localhost:8181',
  'demo-en': 'http://demo-en.localhost:8181',
} as const;

const LOCALES = {
  'demo-ph': { lang: 'fil', file: 'ty' },
  'demo-en': { lang: 'en', file: 'en' },
} as const;

const tenantFile = (id: string) =>
  JSON.parse(readFileSync(new URL(`../tenants/${id}/tenant.json`, import.meta.url), 'utf8')) as { brand: { theme: { primary: string } } };
const messages = (file: string) => JSON.parse(readFileSync(new URL(`../locales/${file}.json`, import.meta.url), 'utf8')) as Record<string, string>;

test.use({ javaScriptEnabled: false });

for (const tenant of ['demo-ph', 'demo-en'] as const) {
  test(`${tenant}: home paints from the server without JavaScript`, async ({ page }) => {
    const response = await page.goto(`${ORIGINS[tenant]}/m/home`);
    expect(response?.status()).toBe(200);
    const { lang, file } = LOCALES[tenant];
    const text = messages(file);

    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The tenant's colours come with the HTML, not from a script.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toLowerCase()).toBe(tenantFile(tenant).brand.theme.primary.toLowerCase());

    await expect(page.locator('.app-header')).toBeVisible();
    const banner = page.locator('.banner-carousel img').first();
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('fetchpriority', 'high');
    const tabs = page.locator('.category-menu [role="tab"]');
    expect(await tabs.count()).toBeGreaterThan(1);
    await expect(tabs.first()).toHaveText(text.cat_HOT);
    const footer = page.locator('.app-footer nav');
    await expect(footer).toBeVisible();
    await expect(footer.getByText(text.home, { exact: true })).toBeVisible();
  });
}
