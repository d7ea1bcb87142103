/**
 * The agent side's home on a phone, as `demoagent` on both demo tenants: the agent home greets by
 * the hour of a fixed browser clock in the tenant's zone, shows the balance and today's team
 * counters that GET /wps/agent/home answers, the grid follows the tenant's agent menu whitelist
 * (demo-en hides team rebate) and the badges show the unread counts. A player and a free-trial
 * member opening /m/agent land on home; the agent login entry refuses a player. Red-envelope rain:
 * an operator schedules a small window now, a member taps envelopes, the wallet goes up by what
 * was caught, and the window never pays out more than its budget.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { cents, minor, registerMember } from './members';
import { ops } from './ops';
import { formIsLive } from './sign-up';
import { apiGet, apiLogin, apiTrialLogin, expectMemberView, SESSION_KEY, useStoredSession, type Envelope } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

const PH = 'http://demo-ph.localhost:8181';
const EN_ORIGIN = 'http://demo-en.localhost:8181';
const MANILA_OFFSET_H = 8;

interface Home {
  userName: string;
  balance: number;
  currency: string;
  footer: Record<'teamLoginMemberCount' | 'teamBetMemberCount' | 'teamRegisterMemberCount' | 'teamOnlineCount', number>;
}

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

/** Today in Manila at `hour`:`minute` local time, as an instant. */
function manilaToday(hour: number, minute: number): Date {
  const now = new Date(Date.now() + MANILA_OFFSET_H * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour - MANILA_OFFSET_H, minute));
}

/** Opens the agent home and answers the token after its session renewal. */
async function openAgentHome(page: Page): Promise<string> {
  const renewal = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/session/renew' && r.request().method() === 'POST');
  await page.goto('/m/agent');
  await expectMemberView(page);
  const body = (await (await renewal).json()) as Envelope<{ token: string }>;
  expect(body.success).toBe(true);
  await expect.poll(() => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token, SESSION_KEY)).toBe(body.value!.token);
  return body.value!.token;
}

async function expectFiguresOfApi(page: Page, origin: string, token: string): Promise<void> {
  const home = (await apiGet<Home>(page.request, origin, '/wps/agent/home', token)).value!;
  // The tenant's currency symbol (₱ on both demo tenants), as every page writes money; never the code.
  await expect(page.getByTestId('agent-balance')).toContainText('₱');
  await expect(page.getByTestId('agent-balance')).not.toContainText(home.currency);
  expect(cents((await page.getByTestId('agent-balance').textContent()) ?? '')).toBe(minor(home.balance));
  for (const [key, n] of Object.entries(home.footer)) await expect(page.getByTestId(`counter-${key}`)).toHaveText(String(n));
}

const cases = [
  { name: 'demo-ph', origin: PH, merchant: 'demoph01', messages: TY, at: [9, 15], greeting: 'greeting_morning', hidden: null, mailCentre: true, contracts: true },
  { name: 'demo-en', origin: EN_ORIGIN, merchant: 'demoen01', messages: EN, at: [20, 30], greeting: 'greeting_evening', hidden: '/m/member/teamRebate', mailCentre: false, contracts: false },
] as const;

for (const c of cases) {
  test.describe(c.name, () => {
    test.use({ baseURL: c.origin });

    test(`${c.name}: the agent home greets by the hour, shows the balance and team counters of the API, the tenant's grid and its badges`, async ({ page, request }) => {
      test.setTimeout(90_000);
      if (c.mailCentre) await ops(['messages', 'send', c.merchant, '--member', 'demoagent', '--title', 'Agent e2e', '--content', 'Unread for the badge']);
      const session = await apiLogin(request, c.origin, 'demoagent');
      await page.clock.setFixedTime(manilaToday(c.at[0], c.at[1]));
      await useStoredSession(page, session);
      const token = await openAgentHome(page);

      const greeting = page.getByTestId('agent-greeting');
      await expect(greeting).toContainText(c.messages[c.greeting]);
      await expect(greeting).toContainText('demoagent');
      await expect(greeting).toHaveAttribute('data-hour', String(c.at[0]));

      // The figures of the API, read again after a reload if the shared server's team moved meanwhile.
      await expect(async () => {
        await expectFiguresOfApi(page, c.origin, token);
      }).toPass({ timeout: 20_000 });

      // Deposit and withdraw buttons, and the grid of the tenant's whitelist.
      const main = page.locator('.agent-home');
      const actions = main.locator('.agent-home__actions');
      await expect(actions.getByRole('link', { name: c.messages.deposit, exact: true })).toHaveAttribute('href', '/m/voucherCenter');
      await expect(actions.getByRole('link', { name: c.messages.withdraw, exact: true })).toHaveAttribute('href', '/m/withdraw');
      await expect(main.locator('a[href="/m/agent/team/overview"]')).toBeVisible();
      await expect(main.locator('a[href="/m/redRain"]')).toBeVisible();
      if (c.hidden) await expect(main.locator(`a[href="${c.hidden}"]`)).toHaveCount(0);
      else await expect(main.locator('a[href="/m/member/teamRebate"]')).toBeVisible();
      // The salary and hourly contract pages: on demo-ph (contracts on, whitelisted); demo-en's whitelist leaves them out.
      for (const [to, label] of [
        ['/m/member/agent/getSalaryContract', 'salary_contract'],
        ['/m/member/agent/getHourContract', 'hourly_contract'],
      ] as const) {
        if (c.contracts) await expect(main.locator(`a[href="${to}"]`)).toHaveText(c.messages[label]);
        else await expect(main.locator(`a[href="${to}"]`)).toHaveCount(0);
      }

      // Badges: the message centre's unread count, and the agent notices' footer.unreadCount.
      if (c.mailCentre) {
        const unread = (await apiGet<number>(request, c.origin, '/wps/member/unreadCount', token)).value!;
        expect(unread).toBeGreaterThan(0);
        await expect(main.locator('a[href="/m/webEmail"] .nav-item__dot')).toHaveText(String(unread > 99 ? '99+' : unread));
      } else await expect(main.locator('a[href="/m/webEmail"]')).toHaveCount(0);
      const notices = (await apiGet<{ footer: { unreadCount: number } }>(request, c.origin, '/wps/announcements?types=A', token)).value!;
      const dot = main.locator('a[href="/m/member/notice?types=A"] .nav-item__dot');
      if (notices.footer.unreadCount > 0) await expect(dot).toHaveText(String(notices.footer.unreadCount));
      else await expect(dot).toHaveCount(0);
    });
  });
}

test.describe('demo-ph gates', () => {
  test.use({ baseURL: PH });

  test('a player and a free-trial member opening /m/agent land on home; the agent login refuses a player', async ({ browser, request }) => {
    test.setTimeout(90_000);
    for (const session of [await apiLogin(request, PH, 'demoplayer'), await apiTrialLogin(request, PH)]) {
      const context = await browser.newContext({ ...test.info().project.use, baseURL: PH });
      const page = await context.newPage();
      await closeHomePopupWhenShown(page);
      await useStoredSession(page, session);
      await page.goto('/m/agent');
      await expect(page).toHaveURL(/\/m\/home$/);
      await context.close();
    }

    const context = await browser.newContext({ ...test.info().project.use, baseURL: PH });
    const page = await context.newPage();
    await closeHomePopupWhenShown(page);
    await page.goto('/m/login?agent=1');
    await expect(page.getByTestId('agent-login')).toHaveText(TY.agent_login);
    await formIsLive(page);
    await page.locator('input[name="username"]').fill('demoplayer');
    await page.locator('input[name="password"]').fill('Demo1234');
    await page.getByRole('button', { name: TY.login, exact: true }).tap();
    await expect(page.getByText(TY.non_agent_login)).toBeVisible();
    await expect(page).toHaveURL(/\/m\/login\?agent=1$/);
    await context.close();
  });
});

test.describe('demo-en red rain', () => {
  test.use({ baseURL: EN_ORIGIN });

  test('demo-en: a window scheduled now rains envelopes; the member catches some and the wallet goes up, never past the budget', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { value: w } = await ops<{ id: number; budget: number }>(['rain', 'schedule', 'demoen01', '--minutes', '5', '--budget', '3', '--min', '0.5', '--max', '1', '--max-per-member', '10']);
    const member = await registerMember(request, EN_ORIGIN);
    const walletBefore = (await apiGet<{ sumBalance: number }>(request, EN_ORIGIN, '/wps/member/wallet', member.token)).value!.sumBalance;
    await useStoredSession(page, member);
    await page.goto('/m/redRain');
    await expectMemberView(page);
    const field = page.getByTestId('rain-field');
    await expect(field).toBeVisible();
    // Tap envelopes until this rain is over for the member (budget used up) or five are caught.
    const mine = page.getByTestId('rain-mine');
    for (let i = 0; i < 12; i += 1) {
      if ((await page.getByTestId('rain-stopped').count()) > 0) break;
      if (Number(await mine.getAttribute('data-count')) >= 5) break;
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/wps/redRain/${w.id}/catch`);
      await page.getByTestId('rain-envelope').nth(i % 12).dispatchEvent('click');
      const answer = (await (await answered).json()) as Envelope<{ caughtCount: number }>;
      // The screen has taken the answer in: the member's count, or the end of this rain (or a toast).
      if (answer.success) await expect(mine).toHaveAttribute('data-count', String(answer.value!.caughtCount));
      else await expect(page.getByTestId('rain-stopped').or(page.locator('.toast')).first()).toBeVisible();
    }
    await expect.poll(async () => Number(await mine.getAttribute('data-count'))).toBeGreaterThan(0);
    const count = Number(await mine.getAttribute('data-count'));

    const { value: list } = await ops<{ list: { id: number; paid: number; budget: number; catches: number }[] }>(['rain', 'list', 'demoen01', '--all']);
    const rain = list.list.find((x) => x.id === w.id)!;
    expect(rain.paid).toBeLessThanOrEqual(rain.budget);
    expect(rain.catches).toBeGreaterThanOrEqual(count);
    const walletAfter = (await apiGet<{ sumBalance: number }>(request, EN_ORIGIN, '/wps/member/wallet', member.token)).value!.sumBalance;
    expect(minor(walletAfter)).toBeGreaterThan(minor(walletBefore));
    expect(minor(walletAfter) - minor(walletBefore)).toBeLessThanOrEqual(minor(rain.budget));
    expect((await ops(['ledger', 'check'])).exitCode).toBe(0);
  });
});
