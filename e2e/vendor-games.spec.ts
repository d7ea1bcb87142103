/**
 * Games of an outside vendor, on a phone, once per tenant: RefGames (reference/refgames, on its own
 * origin, localhost:8193) plays them and calls the platform's seamless wallet for every stake and
 * win (docs/vendor-wallet.md). A new member, given money by the operator, launches a slot from the
 * game list and spins in RefGames' window: the header balance moves by exactly the stakes and wins
 * RefGames answered, and each round is in the betting record with its stake and win. Another buys
 * an electronic lottery ticket (the e2e server's RefGames draws it every 10 seconds), waits for
 * the draw and is paid as the published result says. The ledger is clean at the end.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { cents, expectHeaderBalance, minor, registerMember, storedToken, value } from './members';
import { ops } from './ops';
import { expectMemberView, useStoredSession, type StoredSession } from './session';

/** RefGames as the journeys' Node side reaches it (its pages are on http://localhost:8193). */
const REFGAMES = 'http://127.0.0.1:8193';
const FUNDS = 10_000; // minor units: 100.00 from the operator
const SPINS = 3;
const TICKET = 100; // minor units: the lottery page's first stake chip, 1.00

const TENANTS = [
  { name: 'demo-ph', origin: 'http://demo-ph.localhost:8181' },
  { name: 'demo-en', origin: 'http://demo-en.localhost:8181' },
] as const;

interface BetPage {
  list: { id: number; roundId: string; vendor: string; stake: number; win: number }[];
  totals: { count: number; stake: number; win: number };
}

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const tiles = (page: Page) => page.locator('.game-list__grid > li');

/** A new member of the tenant with FUNDS given by the operator, signed in on the page (home shows the balance). */
async function fundedMember(page: Page, request: APIRequestContext, origin: string): Promise<StoredSession> {
  const session = await registerMember(request, origin);
  await ops(['balance', 'adjust', session.merchantCode, session.userName, String(FUNDS / 100), '--reason', 'e2e vendor games']);
  await useStoredSession(page, session);
  await expectHeaderBalance(page, FUNDS);
  return session;
}

/** Launches the first game of a list that is not a house game; answers RefGames' window, on its game page. */
async function launchFromList(page: Page, path: string): Promise<Page> {
  await page.goto(path);
  const tile = tiles(page)
    .filter({ hasNot: page.locator('.game-card__vendor', { hasText: /^(Sariling laro|In-house games)$/ }) })
    .first();
  await expect(tile).toBeVisible();
  await hydrated(page, tile.locator('button'));
  const [game] = await Promise.all([page.context().waitForEvent('page'), tile.locator('.game-card__launch').click()]);
  await game.waitForURL(/^http:\/\/localhost:8193\/play\//);
  return game;
}

/** The balance RefGames' page shows, in minor units. */
const shownBalance = async (game: Page): Promise<number> => cents((await game.locator('#balance').textContent()) ?? '');

/** The member's bets of today (the betting record's rows and totals, as its screen reads them). */
async function betsOfToday(page: Page, request: APIRequestContext, origin: string): Promise<BetPage> {
  await page.goto('/m/gameRecord');
  await expectMemberView(page);
  await expect(page.locator('.totals-strip')).not.toHaveAttribute('aria-busy', 'true');
  return value<BetPage>(request, origin, '/wps/records/bets?range=today', await storedToken(page));
}

const pairs = (rows: { stake: number; win: number }[]) => rows.map((r) => `${r.stake}/${r.win}`).sort();

for (const tenant of TENANTS) {
  test.describe(tenant.name, () => {
    test.use({ baseURL: tenant.origin });

    test(`${tenant.name}: a member spins a vendor's slot in RefGames' window; the balance moves by its stakes and wins, each round in the betting record`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await fundedMember(page, request, tenant.origin);
      const game = await launchFromList(page, '/m/gameList?gameType=RNG');
      // Its way back leads to the platform's site the member came from.
      await expect(game.locator('a.back')).toHaveAttribute('href', new RegExp(`^${tenant.origin.replace(/\./g, '\\.')}/m/`));
      const spin = game.locator('#spin');
      await expect(spin).toBeEnabled();
      // RefGames shows the platform's balance (from the wallet's session/open and user/balance).
      await expect.poll(() => shownBalance(game)).toBe(FUNDS);

      const rounds: { stake: number; win: number }[] = [];
      let balance = FUNDS;
      for (let i = 0; i < SPINS; i++) {
        const [res] = await Promise.all([game.waitForResponse((r) => r.url().endsWith('/spin') && r.request().method() === 'POST'), spin.click()]);
        const { stake } = JSON.parse(res.request().postData() ?? '{}') as { stake: number };
        const answer = (await res.json()) as { result: string; win: number; balance: number };
        expect(answer.result).toBe('ok');
        rounds.push({ stake, win: answer.win });
        balance = answer.balance;
        await expect(spin).toBeEnabled();
      }
      const expected = FUNDS - rounds.reduce((s, r) => s + r.stake, 0) + rounds.reduce((s, r) => s + r.win, 0);
      expect(balance).toBe(expected);
      await expect.poll(() => shownBalance(game)).toBe(expected);
      await game.close();

      // The platform: the header balance, and each round in the betting record with its stake and win.
      await page.bringToFront();
      await expectHeaderBalance(page, expected);
      const bets = await betsOfToday(page, request, tenant.origin);
      expect(pairs(bets.list.map((b) => ({ stake: minor(b.stake), win: minor(b.win) })))).toEqual(pairs(rounds));
      expect(bets.totals.count).toBe(SPINS);
      await expect(page.locator('.bet-records__row')).toHaveCount(SPINS);
      for (const bet of bets.list) await expect(page.locator(`.bet-records__row[data-id="${bet.id}"]`)).toBeVisible();
    });

    test(`${tenant.name}: a member buys an electronic lottery ticket in RefGames' window and is paid as the published draw says`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await fundedMember(page, request, tenant.origin);
      const game = await launchFromList(page, '/m/gameList?gameType=ELOTT');
      // The launch's play type and prize mode reached the game: it opens on the electronic lottery.
      await expect(game.locator('[data-lottery="ELOTT"]')).toHaveAttribute('aria-pressed', 'true');
      await expect(game.locator('#launched')).toHaveAttribute('data-prize-mode', 'Elott');
      await expect(game.locator('#launched')).toHaveAttribute('data-play-type', 'ent');
      await expect.poll(() => shownBalance(game)).toBe(FUNDS);

      // A ticket on "big" (the sum of the 5 digits is 23 or more: 1.95x), the first stake chip.
      await game.locator('label.opt:has(input[value="big"])').click();
      await expect(game.locator('input[name="stake"]:checked')).toHaveValue(String(TICKET));
      const [res] = await Promise.all([game.waitForResponse((r) => r.url().endsWith('/tickets') && r.request().method() === 'POST'), game.locator('#buy').click()]);
      const bought = (await res.json()) as { result: string; ticket: { drawId: string; stake: number }; balance: number };
      expect(bought.result).toBe('ok');
      expect(bought.ticket.stake).toBe(TICKET);
      expect(bought.balance).toBe(FUNDS - TICKET);

      // The draw, as RefGames publishes it.
      let result = '';
      await expect
        .poll(
          async () => {
            const published = (await (await request.get(`${REFGAMES}/lotteries/ELOTT/results`)).json()) as { results: { id: string; status: string; result: string | null }[] };
            const draw = published.results.find((d) => d.id === bought.ticket.drawId);
            result = draw?.status === 'drawn' ? (draw.result ?? '') : '';
            return result;
          },
          { timeout: 30_000 },
        )
        .toMatch(/^\d{5}$/);
      const sum = [...result].reduce((s, d) => s + Number(d), 0);
      const win = sum >= 23 ? (TICKET * 195) / 100 : 0;
      const expected = FUNDS - TICKET + win;
      // RefGames' page shows the balance after the ticket's settlement (it refreshes every 5 seconds).
      await expect.poll(() => shownBalance(game), { timeout: 20_000 }).toBe(expected);
      await game.close();

      await page.bringToFront();
      await expectHeaderBalance(page, expected);
      const bets = await betsOfToday(page, request, tenant.origin);
      expect(bets.list).toHaveLength(1);
      expect({ stake: minor(bets.list[0].stake), win: minor(bets.list[0].win) }).toEqual({ stake: TICKET, win });
      await expect(page.locator(`.bet-records__row[data-id="${bets.list[0].id}"]`)).toBeVisible();
    });
  });
}

test('after the vendor journeys the ledger check is clean', async () => {
  const ledger = await ops<{ clean: boolean; problems: unknown[] }>(['ledger', 'check']);
  expect(ledger.value).toEqual({ clean: true, problems: [] });
});
