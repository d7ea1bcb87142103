/**
 * The agent's accounts on a phone, as demoagent on demo-ph: it opens a player account through the
 * open-accounts screen (with its invitation link and QR code beside the form), and the new player
 * logs in on another phone and lands on home, logged in. On the agent rebate settings, a downline
 * sub-agent's rate above the agent's own gets the clear error on its field; a valid one is saved.
 * The e2e server's data is shared by every spec: the sub-agent is a fresh one, and the agent's own
 * rate is read from the API.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { api, fill, PASSWORD, uniqueName, value } from './members';
import { formIsLive, solveCaptcha } from './sign-up';
import { apiLogin, expectMemberView, useStoredSession, type Envelope } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;

const PH = 'http://demo-ph.localhost:8181';

interface Rates {
  own: { gameType: string; rate: number }[];
  downline: { id: number; username: string; rates: { gameType: string; rate: number }[] }[];
}

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

/** Logs in on /m/login by username, solving a captcha when one is demanded. */
async function logIn(page: Page, request: APIRequestContext, username: string, password: string): Promise<void> {
  await page.goto('/m/login');
  await formIsLive(page);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  const submit = page.getByRole('button', { name: TY.login, exact: true });
  await submit.tap();
  const captcha = page.locator('input[name="captcha"]');
  await expect.poll(async () => new URL(page.url()).pathname === '/m/home' || (await captcha.isVisible())).toBe(true);
  if (await captcha.isVisible()) {
    await solveCaptcha(page, request, PH);
    await submit.tap();
  }
  await expect(page).toHaveURL(/\/m\/home$/);
}

test.describe('demo-ph', () => {
  test.use({ baseURL: PH });

  test('demoagent opens a player account on the screen; the player logs in on another phone and lands on home', async ({ browser, page, request }) => {
    test.setTimeout(110_000);
    await useStoredSession(page, await apiLogin(request, PH, 'demoagent'));
    await page.goto('/m/agentRegister');
    await expectMemberView(page);
    await formIsLive(page);
    // The agent's invitation link and its QR code are beside the form.
    await expect(page.getByTestId('invite-link')).toHaveValue(/\/m\/register\?affiliateCode=[A-Z0-9]+$/);
    await expect(page.getByRole('img', { name: TY.invite_qr_alt })).toBeVisible();

    const username = uniqueName();
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByRole('button', { name: TY.agent_open_submit }).tap();
    await expect(page.getByTestId('agent-open-done')).toContainText(fill(TY.agent_open_done, { username }));

    const playerContext = await browser.newContext({ ...test.info().project.use, baseURL: PH });
    const playerPage = await playerContext.newPage();
    await closeHomePopupWhenShown(playerPage);
    await logIn(playerPage, request, username, PASSWORD);
    await expectMemberView(playerPage);
    const session = await playerPage.evaluate(() => JSON.parse(localStorage.getItem('MC_SESSION_INFO') ?? '{}') as { token: string; userName: string; type: number });
    expect(session).toMatchObject({ userName: username, type: 0 });
    const info = await value<{ toUpline: string | null }>(request, PH, '/wps/member/info', session.token);
    expect(info.toUpline).toBe('demoagent');
    await playerContext.close();
  });

  test('a downline sub-agent’s rate above the agent’s own gets the clear error on its field; a valid one is saved', async ({ page, request }) => {
    test.setTimeout(90_000);
    const agent = await apiLogin(request, PH, 'demoagent');
    // A fresh sub-agent under demoagent, opened through the API.
    const target = api(PH, '/wps/agent/accounts');
    const sub = uniqueName();
    const res = await request.post(target.url, {
      headers: { ...target.headers, authorization: `Bearer ${agent.token}` },
      data: { kind: 'agent', username: sub, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(((await res.json()) as Envelope<unknown>).success).toBe(true);
    const rates = await value<Rates>(request, PH, '/wps/agent/rebates', agent.token);
    const own = rates.own.find((r) => r.gameType === 'RNG')!.rate;

    await useStoredSession(page, agent);
    await page.goto('/m/member/agent/agentRebeat');
    await expectMemberView(page);
    const row = page.locator(`li[data-username="${sub}"]`);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: TY.agent_rebate_edit }).tap();
    const field = row.getByLabel(TY.cat_RNG, { exact: true });
    await field.fill(String(own + 1));
    await row.getByRole('button', { name: TY.agent_rebate_save }).tap();
    await expect(row.getByText(fill(TY.err_rebate_above_own, { own, gameType: TY.cat_RNG }))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const valid = Math.round(own * 50) / 100;
    await field.fill(String(valid));
    const saved = page.waitForResponse((r) => r.url().includes('/wps/agent/rebates/') && r.request().method() === 'PUT');
    await row.getByRole('button', { name: TY.agent_rebate_save }).tap();
    expect(((await (await saved).json()) as Envelope<unknown>).success).toBe(true);
    await expect(row.getByTestId('agent-rebates-form')).toHaveCount(0);
    await expect(row.locator('[data-game-type="RNG"] dd')).toHaveText(`${valid}%`);
    const after = await value<Rates>(request, PH, '/wps/agent/rebates', agent.token);
    expect(after.downline.find((d) => d.username === sub)!.rates.find((r) => r.gameType === 'RNG')!.rate).toBe(valid);
  });
});

test.describe('demo-en', () => {
  const EN_ORIGIN = 'http://demo-en.localhost:8181';
  const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;
  test.use({ baseURL: EN_ORIGIN });

  test('without cash back the agent rebate settings say plainly there are no rebate categories', async ({ page, request }) => {
    const agent = await apiLogin(request, EN_ORIGIN, 'demoagent');
    expect((await value<Rates>(request, EN_ORIGIN, '/wps/agent/rebates', agent.token)).own).toEqual([]);
    await useStoredSession(page, agent);
    await page.goto('/m/member/agent/agentRebeat');
    await expectMemberView(page);
    await expect(page.getByRole('status').filter({ hasText: EN.agent_rebate_no_categories })).toBeVisible();
    await expect(page.getByRole('button', { name: EN.agent_rebate_edit })).toHaveCount(0);
  });
});
