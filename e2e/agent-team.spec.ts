/**
 * The agent's team screens on a phone, as demoagent on demo-ph: the agent opens a player account
 * (through the API: the open-accounts screen is agent-accounts.spec.ts's); the player logs in on a
 * second phone (through the API too), deposits (approved by the operator) and spins the in-house
 * slot; the agent home's counters of today count the player; the agent's team overview then counts
 * the new member, the deposit and the bets (compared with the figures read before, since other
 * journeys share the database), the team betting lists the player's spins with the player's name,
 * and the members list finds the player at level 1. The player opening a team screen lands home.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Overview } from '../src/generated/api/team';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { api, fill, money, PASSWORD, storedToken, uniqueName, value } from './members';
import { ops } from './ops';
import { apiLogin, useStoredSession, type Envelope } from './session';

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const PH = 'http://demo-ph.localhost:8181';

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

async function post<T>(request: APIRequestContext, path: string, token: string, data: unknown, idempotent = true): Promise<T> {
  const target = api(PH, path);
  const res = await request.post(target.url, {
    headers: { ...target.headers, authorization: `Bearer ${token}`, ...(idempotent ? { 'idempotency-key': randomUUID() } : {}) },
    data,
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `POST ${path}: ${body.errorCode ?? res.status()}`).toBe(true);
  return body.value as T;
}

/** The figure of a row of the overview's tables, for the direct downline or the whole team. */
const cell = (page: Page, figure: string, part: 'direct' | 'team') => page.locator(`tr[data-figure="${figure}"] td[data-part="${part}"]`);

test.describe('demo-ph', () => {
  test.use({ baseURL: PH });

  test("a new player's deposit and spins show in the agent's team overview, team betting and members", async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    const agent = await apiLogin(request, PH, 'demoagent');
    type Home = { footer: Record<'teamLoginMemberCount' | 'teamBetMemberCount' | 'teamRegisterMemberCount' | 'teamOnlineCount', number> };
    const before = await value<Overview>(request, PH, '/wps/agent/team/overview?range=today', agent.token);
    const homeBefore = await value<Home>(request, PH, '/wps/agent/home', agent.token);

    // The agent opens a player account (the open-accounts screen's own journey is agent-accounts.spec.ts's:
    // here the account is opened through the API the screen calls).
    const username = uniqueName();
    await post(request, '/wps/agent/accounts', agent.token, { kind: 'player', username, password: PASSWORD, confirmPassword: PASSWORD }, false);
    await useStoredSession(page, agent);

    // The player logs in on a second phone (and, being no agent, a team screen leads home). The
    // login form's own journeys are account.spec.ts's and agent-accounts.spec.ts's: here the login
    // is the API's, as the form sends it, and counts for the team's logins of today alike.
    const phone = await browser.newContext({ ...test.info().project.use, baseURL: PH });
    const playerPage = await phone.newPage();
    await closeHomePopupWhenShown(playerPage);
    await useStoredSession(playerPage, await apiLogin(request, PH, username, PASSWORD));
    await playerPage.goto('/m/agent/team/overview');
    await expect(playerPage).toHaveURL(/\/m\/home/, { timeout: 20_000 });
    // Any renewal of the session on load is done before its token is taken for the player's money calls.
    await playerPage.waitForLoadState('networkidle');
    const token = await storedToken(playerPage);
    await phone.close();
    const player = { userName: username, token };

    // The player's money on that session: a deposit approved by the operator, then three ₱1 spins of the in-house slot.
    const { currencySymbol: symbol, channels } = await value<{ currencySymbol: string; channels: { id: string; provider: string; min: number }[] }>(
      request,
      PH,
      '/wps/wallet/deposit/channels',
      token,
    );
    const manual = channels.find((c) => c.provider === 'manual')!;
    const amount = Math.max(manual.min, 500);
    const deposit = await post<{ id: number }>(request, '/wps/wallet/deposits', token, { channelId: manual.id, amount });
    await post(request, `/wps/wallet/deposits/${deposit.id}/reference`, token, { reference: `REF${Date.now()}` }, false);
    await ops(['deposits', 'approve', String(deposit.id)]);
    let won = 0;
    for (let i = 0; i < 3; i++) won += (await post<{ win: number }>(request, '/wps/game/inhouse/spin', token, { stake: 100 })).win;

    // The agent home's counters of today count the new member: registered, logged in, with bets.
    const homeAfter = await value<Home>(request, PH, '/wps/agent/home', agent.token);
    expect(homeAfter.footer.teamRegisterMemberCount).toBeGreaterThanOrEqual(homeBefore.footer.teamRegisterMemberCount + 1);
    expect(homeAfter.footer.teamLoginMemberCount).toBeGreaterThanOrEqual(homeBefore.footer.teamLoginMemberCount + 1);
    expect(homeAfter.footer.teamBetMemberCount).toBeGreaterThanOrEqual(homeBefore.footer.teamBetMemberCount + 1);
    await page.goto('/m/agent');
    await expect(page.getByTestId('counter-teamRegisterMemberCount')).toHaveText(String(homeAfter.footer.teamRegisterMemberCount), { timeout: 20_000 });
    await expect(page.getByTestId('counter-teamBetMemberCount')).toHaveText(String(homeAfter.footer.teamBetMemberCount));

    // The agent's overview: the figures read now, each at least what was added since "before".
    const after = await value<Overview>(request, PH, '/wps/agent/team/overview?range=today', agent.token);
    expect(after.direct.members).toBeGreaterThanOrEqual(before.direct.members + 1);
    expect(after.team.newMembers).toBeGreaterThanOrEqual(before.team.newMembers + 1);
    expect(after.team.deposit).toBeGreaterThanOrEqual(before.team.deposit + amount);
    expect(after.direct.deposit).toBeGreaterThanOrEqual(before.direct.deposit + amount);
    expect(after.team.betCount).toBeGreaterThanOrEqual(before.team.betCount + 3);
    expect(after.team.stake).toBeGreaterThanOrEqual(before.team.stake + 3);
    expect(after.team.win).toBeGreaterThanOrEqual(before.team.win + won);
    expect(after.team.activeMembers).toBeGreaterThanOrEqual(before.team.activeMembers + 1);

    await page.goto('/m/agent/team/overview');
    await expect(page.locator('html')).toHaveAttribute('data-view', 'member', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: TY.range_month })).toBeVisible();
    await expect(cell(page, 'members', 'direct')).toHaveText(String(after.direct.members), { timeout: 20_000 });
    await expect(cell(page, 'deposit', 'team')).toHaveText(money(symbol, after.team.deposit));
    await expect(cell(page, 'deposit', 'direct')).toHaveText(money(symbol, after.direct.deposit));
    await expect(cell(page, 'betCount', 'team')).toHaveText(String(after.team.betCount));
    await expect(cell(page, 'stake', 'team')).toHaveText(money(symbol, after.team.stake));
    await expect(page.getByText(TY.team_net_hint)).toBeVisible();

    // Team betting, filtered by the player: the three spins, each naming the player; their totals.
    await page.getByRole('link', { name: TY.team_betting }).click();
    await expect(page).toHaveURL(/\/m\/teamBetting/);
    await page.getByRole('searchbox', { name: TY.team_filter_member }).fill(player.userName);
    await page.getByRole('button', { name: TY.team_filter_apply }).click();
    await expect(page).toHaveURL(new RegExp(`member=${player.userName}`));
    const rows = page.locator(`li.team-bets__row[data-member="${player.userName}"]`);
    await expect(rows).toHaveCount(3);
    await expect(page.locator('[data-label="bet_totals_count"] dd')).toHaveText('3');
    await expect(page.locator('[data-label="bet_totals_stake"] dd')).toHaveText(money(symbol, 3));
    // The whole team's list starts with the newest bet: one of the player's.
    await page.getByRole('button', { name: TY.team_filter_clear }).click();
    await expect(page.locator('li.team-bets__row').first()).toHaveAttribute('data-member', player.userName);

    // Members: the player is found in the team, at level 1.
    await page.goto(`/m/member/team?search=${player.userName}`);
    const row = page.locator(`li.team-members__row[data-username="${player.userName}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(fill(TY.team_level, { level: 1 }));
    // Another agent's member (or nobody) cannot be opened: said plainly.
    await page.goto('/m/member/team?parent=demonopass');
    await expect(page.getByRole('alert')).toHaveText(fill(TY.team_member_unknown, { username: 'demonopass' }));
  });
});
