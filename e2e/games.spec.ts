import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, hydrated, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { apiLogin, expectMemberView, useStoredSession } from './session';

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const ORIGIN = 'http://demo-ph.localhost:8181';

const tiles = (page: Page) => page.locator('.game-list__grid > li');

/** "₱1,250.50" -> 125050 (minor units, so that sums are exact). */
function cents(text: string): number {
  const n = text.replace(/[^0-9.]/g, '');
  const [whole, frac = ''] = n.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

async function loginAsDemoPlayer(page: Page, request: Parameters<typeof apiLogin>[0]): Promise<void> {
  await useStoredSession(page, await apiLogin(request, ORIGIN, 'demoplayer'));
}

test.describe('game lists', () => {
  test('a category list scrolls to its second page; the list and its filter panel pass an accessibility scan', async ({ page }) => {
    await page.goto('/m/gameList?gameType=RNG');
    await expect(tiles(page)).toHaveCount(26);
    // The slots' all tab lists every slot (more than the games marked new), 26 to a page.
    await expect(page.getByRole('tab', { name: TY.all, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page, 'game list');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => tiles(page).count()).toBeGreaterThan(26);

    await page.getByRole('button', { name: TY.filter }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'filter panel', { include: ['.game-filter__panel'] });
  });

  test("a search covers the whole category ('Jade' finds the 'Jade na ...' slots) and an empty result offers to clear it", async ({ page }) => {
    await page.goto('/m/gameList?gameType=RNG');
    await expect(tiles(page)).toHaveCount(26);
    await hydrated(page, page.getByRole('button', { name: TY.search }));
    const box = page.getByRole('searchbox', { name: TY.search_game_name });
    await box.fill('Jade');
    await page.getByRole('button', { name: TY.search }).click();
    await expect.poll(() => tiles(page).count()).toBeGreaterThan(1);
    for (const name of await tiles(page).locator('.game-card__name').allTextContents()) expect(name).toMatch(/^Jade na /);

    await box.fill('Zzyzx');
    await page.getByRole('button', { name: TY.search }).click();
    await expect(page.getByText(TY.game_search_empty.replace('{{category}}', TY.cat_RNG).replace('{{query}}', 'Zzyzx'))).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    await page.getByRole('button', { name: TY.game_search_clear }).click();
    await expect(tiles(page)).toHaveCount(26);
    await expect(box).toHaveValue('');
  });

  test("a visitor's favourite tap goes to /m/login", async ({ page }) => {
    await page.goto('/m/gameList?gameType=RNG');
    await expect(tiles(page).first()).toBeVisible();
    await hydrated(page, tiles(page).locator('button'));
    await tiles(page).first().getByRole('button', { name: TY.favourites }).click();
    await expect(page).toHaveURL(/\/m\/login$/);
  });

  test('/m/slotsCenter?vassalage= opens on that vendor', async ({ page }) => {
    await page.goto('/m/slotsCenter?vassalage=JADEPLAY');
    await expect(page.locator('.game-list__vendor-tab[data-vendor="JADEPLAY"]')).toHaveAttribute('aria-selected', 'true');
    await expect(tiles(page).first()).toBeVisible();
    await hydrated(page, tiles(page).locator('button'));
    await expect(tiles(page).locator('.game-card__vendor').first()).toHaveText('Jade Play');
  });

  test('a member favourites a game, finds it on the favourites tab and removes it there', async ({ page, request }) => {
    await loginAsDemoPlayer(page, request);
    await page.goto('/m/gameList?gameType=FISH');
    await expectMemberView(page);
    const first = tiles(page).first();
    await expect(first).toBeVisible();
    const nodeId = await first.locator('.game-card').getAttribute('data-node-id');
    const star = first.getByRole('button', { name: TY.favourites });
    await hydrated(page, star);
    if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('tab', { name: TY.favourites }).click();
    const favourite = page.locator(`.game-list__grid .game-card[data-node-id="${nodeId}"]`);
    await expect(favourite).toBeVisible();
    await favourite.getByRole('button', { name: TY.favourites }).click();
    await expect(favourite).toHaveCount(0);

    // The server forgot it too.
    await page.reload();
    await expectMemberView(page);
    await page.getByRole('tab', { name: TY.favourites }).click();
    await expect(page.getByRole('tab', { name: TY.favourites })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(TY.no_data).or(tiles(page).first())).toBeVisible();
    await expect(favourite).toHaveCount(0);
  });

  test('a member plays the in-house slot; the header balance moves by exactly stake minus win', async ({ page, request }) => {
    await loginAsDemoPlayer(page, request);
    await page.goto('/m/home');
    await expectMemberView(page);
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText(/\d\.\d{2}$/);
    const before = cents((await balance.textContent()) ?? '');

    await page.goto('/m/gameList?gameType=INHOUSE');
    const first = tiles(page).first();
    await expect(first).toBeVisible();
    await hydrated(page, first.locator('button'));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), first.locator('.game-card__launch').click()]);
    await popup.waitForURL(/\/wps\/game\/inhouse\/slot\?/);
    const spin = popup.locator('#spin');
    await expect(spin).toBeEnabled();
    const [response] = await Promise.all([
      popup.waitForResponse((r) => r.url().includes('/wps/game/inhouse/spin') && r.request().method() === 'POST'),
      spin.click(),
    ]);
    const body = (await response.json()) as { success: boolean; value: { stake: number; win: number; sumBalance: number } };
    expect(body.success).toBe(true);
    const { stake, win, sumBalance } = body.value;
    const expected = before - Math.round(stake * 100) + Math.round(win * 100);
    expect(Math.round(sumBalance * 100)).toBe(expected);
    await popup.close();

    // Back in the lobby: home by the footer (no reload); the wallet is revalidated when the game's window closes.
    await page.bringToFront();
    await page.getByRole('link', { name: TY.home }).first().click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(async () => cents((await balance.textContent()) ?? '')).toBe(expected);
    await expect(balance).toHaveText(/\d\.\d{2}$/);
  });

  test('a blocked popup falls back to the frame route, which leads back to the lobby', async ({ page, request }) => {
    await loginAsDemoPlayer(page, request);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/m/gameList?gameType=INHOUSE');
    await hydrated(page, tiles(page).locator('button'));
    await tiles(page).first().locator('.game-card__launch').click();
    await expect(page).toHaveURL(/\/m\/launchGame\?vendor=INHOUSE&nodeId=\d+/);
    await expect(page.getByText(TY.popup_blocked)).toBeVisible();
    const frame = page.frameLocator('iframe.launch-screen__frame');
    await expect(frame.locator('#spin')).toBeEnabled();
    await page.locator('.launch-screen__back').click();
    await expect(page).toHaveURL(/\/m\/gameList\?gameType=INHOUSE$/);
    await expect(tiles(page).first()).toBeVisible();
    await hydrated(page, tiles(page).locator('button'));
  });

  test('a lottery opens in the frame route with playType, prize_mode, code and pageBack=home', async ({ page, request }) => {
    await loginAsDemoPlayer(page, request);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/m/lottery');
    await expect(tiles(page).first()).toBeVisible();
    await hydrated(page, tiles(page).locator('button'));
    await tiles(page).first().locator('.game-card__launch').click();
    await expect(page).toHaveURL(/\/m\/launchGame\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('vendor')).toMatch(/^(TCG_LOTTO_VN|TCG_SEA|LOTT)$/);
    expect(query.get('playType')).toMatch(/^(trad|ent)$/);
    expect(query.get('prize_mode')).toMatch(/^(Lott|ZY)$/);
    expect(query.get('code')).toBeTruthy();
    expect(query.get('pageBack')).toBe('home');
    // The game, RefGames' lottery page on its own origin, gets the same parameters.
    const launched = page.frameLocator('iframe.launch-screen__frame').locator('#launched');
    await expect(launched).toHaveAttribute('data-play-type', query.get('playType')!);
    await expect(launched).toHaveAttribute('data-prize-mode', query.get('prize_mode')!);
    await expect(launched).toHaveAttribute('data-code', query.get('code')!);
    // pageBack=home: the way back leads home.
    await page.locator('.launch-screen__back').click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('a vendor lobby of a lottery defaults its code to lobby', async ({ page, request }) => {
    await loginAsDemoPlayer(page, request);
    await page.goto('/m/launchGame?vendor=TCG_LOTTO_VN&playType=trad&prize_mode=Lott&code=lobby&pageBack=home');
    const launched = page.frameLocator('iframe.launch-screen__frame').locator('#launched');
    await expect(launched).toHaveAttribute('data-prize-mode', 'Lott');
    await expect(launched).toHaveAttribute('data-code', 'lobby');
    await expect(launched).toHaveAttribute('data-play-type', 'trad');
  });
});
