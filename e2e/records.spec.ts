/**
 * The records journey on a phone, once per tenant: a member deposits (the operator approves it)
 * and spins the in-house slot; the operator seeds three bets of yesterday. Each record screen then
 * shows those rows with the amounts and totals the API and the ledger hold; "today" leaves
 * yesterday's bets out. On demo-ph (every flag on) the member also sees profit and loss, claims
 * cash back and transfers to the upline (the agent sees it on its own account record); on demo-en
 * (PERSREP, AGETRANSFERUP3, MANPLAYREB3 and PLYRBT off) those entries are absent from the member
 * centre and their addresses lead home. The ledger is clean at the end.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { api, cents, minor, money, registerMember, storedToken, value } from './members';
import { ops } from './ops';
import { apiLogin, expectMemberView, useStoredSession, type Envelope } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

const PAYMENT_PASSWORD = '482916';
const SPINS = 6;
const STAKE = 10_000; // minor units: 100.00 a spin
const SEEDED = 3;

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

interface Spin {
  betId: number;
  stake: number;
  win: number;
}

interface Totals {
  credit: number;
  debit: number;
  count: number;
}

interface BetTotals {
  count: number;
  stake: number;
  validTurnover: number;
  win: number;
  net: number;
}

async function post<T>(request: APIRequestContext, origin: string, path: string, token: string, data: unknown, idempotent = true): Promise<T> {
  const target = api(origin, path);
  const res = await request.post(target.url, {
    headers: { ...target.headers, authorization: `Bearer ${token}`, ...(idempotent ? { 'idempotency-key': randomUUID() } : {}) },
    data,
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `POST ${path}: ${body.errorCode ?? res.status()}`).toBe(true);
  return body.value as T;
}

/** A totals strip's figure, in minor units (the sign is checked by the caller where it matters). */
async function totalOf(page: Page, label: string): Promise<number> {
  const item = page.locator(`.totals-strip__item[data-label="${label}"] dd`);
  await expect(item).toHaveText(/\d/);
  return cents((await item.textContent()) ?? '');
}

/** Opens a records screen as the member and waits for its first page (rows or the empty state). */
async function openRecords(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectMemberView(page);
  await expect(page.locator('.totals-strip')).not.toHaveAttribute('aria-busy', 'true');
}

const TENANTS = [
  { name: 'demo-ph', origin: 'http://demo-ph.localhost:8181', t: TY, full: true },
  { name: 'demo-en', origin: 'http://demo-en.localhost:8181', t: EN, full: false },
] as const;

/** The member-centre entries and screens that PERSREP, AGETRANSFERUP3, MANPLAYREB3 and PLYRBT gate. */
const GATED = ['/m/profitandloss', '/m/upLine/transfer', '/m/member/manualRebate', '/m/member/rebateReport'];

for (const tenant of TENANTS) {
  test.describe(tenant.name, () => {
    test.use({ baseURL: tenant.origin });

    test(`${tenant.name}: deposits, spins and yesterday's bets in every record screen${tenant.full ? '; cash back and a transfer to the upline' : '; gated screens lead home'}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const { origin, t } = tenant;
      const session = await registerMember(request, origin, tenant.full ? { affiliateCode: 'DEMOAGENT' } : {});
      const username = session.userName;
      await useStoredSession(page, session);
      // The set-up goes through the API on the registration's session: no screen has renewed it yet
      // (the first record screen opened does).
      const token = session.token;

      // 1. A manual deposit the operator approves.
      const { currencySymbol: symbol, channels } = await value<{ currencySymbol: string; channels: { id: string; provider: string; min: number }[] }>(
        request,
        origin,
        '/wps/wallet/deposit/channels',
        token,
      );
      const manual = channels.find((c) => c.provider === 'manual')!;
      const amount = Math.max(manual.min, 1000);
      const deposit = await post<{ id: number }>(request, origin, '/wps/wallet/deposits', token, { channelId: manual.id, amount });
      await post(request, origin, `/wps/wallet/deposits/${deposit.id}/reference`, token, { reference: `REF${Date.now()}` }, false);
      await ops(['deposits', 'approve', String(deposit.id)]);

      // 2. Spins of the in-house slot (each one a bet with its stake debited and its win credited).
      const spins: Spin[] = [];
      for (let i = 0; i < SPINS; i++) spins.push(await post<Spin>(request, origin, '/wps/game/inhouse/spin', token, { stake: STAKE }));
      const stake = spins.reduce((s, x) => s + minor(x.stake), 0);
      const win = spins.reduce((s, x) => s + minor(x.win), 0);
      expect(stake).toBe(SPINS * STAKE);

      // 3. Three bets of yesterday (the tenant's yesterday), seeded by the operator.
      await ops(['records', 'seed', '--tenant', tenant.name, '--member', username, '--bets', String(SEEDED), '--ago', '1']);

      // 4. Deposit records: the approved deposit with its amount.
      await openRecords(page, '/m/vouReport');
      const depositRow = page.locator(`[data-id="${deposit.id}"]`);
      await expect(depositRow).toContainText(money(symbol, amount));
      await expect(page.locator('.record-list [data-id]')).toHaveCount(1);

      // 5. Betting record: today's spins only, with their totals; yesterday's three bets on their day.
      await openRecords(page, '/m/gameRecord');
      await expect(page.locator('.bet-records__row')).toHaveCount(SPINS);
      for (const spin of spins) await expect(page.locator(`.bet-records__row[data-id="${spin.betId}"]`)).toBeVisible();
      await expect(page.locator('.totals-strip__item[data-label="bet_totals_count"] dd')).toHaveText(String(SPINS));
      expect(await totalOf(page, 'bet_totals_stake')).toBe(stake);
      expect(await totalOf(page, 'bet_totals_win')).toBe(win);
      expect(await totalOf(page, 'bet_totals_net')).toBe(Math.abs(win - stake));
      const today = await value<{ totals: BetTotals }>(request, origin, '/wps/records/bets?range=today', await storedToken(page));
      expect(today.totals).toMatchObject({ count: SPINS, stake: stake / 100, win: win / 100, net: (win - stake) / 100 });

      await page.locator('.range-bar__chip', { hasText: t.range_yesterday }).tap();
      await expect(page).toHaveURL(/range=yesterday/);
      await expect(page.locator('.bet-records__row')).toHaveCount(SEEDED);
      for (const spin of spins) await expect(page.locator(`.bet-records__row[data-id="${spin.betId}"]`)).toHaveCount(0);
      const yesterday = await value<{ totals: BetTotals }>(request, origin, '/wps/records/bets?range=yesterday', await storedToken(page));
      expect(yesterday.totals.count).toBe(SEEDED);

      // A spin's detail: the round's reels (today's bets again, by their chip).
      const todayChip = page.locator('.range-bar__chip[data-choice="today"]');
      await expect(todayChip).toHaveText(t.range_today);
      await todayChip.tap();
      await expect(todayChip).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.bet-records__row')).toHaveCount(SPINS);
      await page.locator(`.bet-records__row[data-id="${spins[0].betId}"] button`).first().tap();
      await expect(page.locator('.slot-reels')).toBeVisible();
      await page.locator('.record-sheet__close').tap();

      // 6. Account record: the deposit and every stake and win of today, totals equal to the ledger's.
      await openRecords(page, '/m/transaction/record');
      const entries = await value<{ list: { type: string; amount: number }[]; totals: Totals }>(request, origin, '/wps/records/transactions?range=today&pageSize=100', await storedToken(page));
      await expect(page.locator('.account-records__row[data-type="bet"]')).toHaveCount(SPINS);
      await expect(page.locator('.account-records__row[data-type="deposit"]')).toHaveCount(1);
      const credits = entries.list.filter((e) => e.amount > 0).reduce((s, e) => s + minor(e.amount), 0);
      const debits = entries.list.filter((e) => e.amount < 0).reduce((s, e) => s + minor(e.amount), 0);
      expect(minor(entries.totals.credit)).toBe(credits);
      expect(minor(entries.totals.debit)).toBe(debits);
      expect(debits).toBe(-stake);
      expect(await totalOf(page, 'txn_totals_in')).toBe(credits);
      expect(await totalOf(page, 'txn_totals_out')).toBe(-debits);

      if (tenant.full) {
        // 7. Profit and loss of today: the bets' sums, and the deposit.
        await page.goto('/m/profitandloss');
        await expectMemberView(page);
        const pnl = await value<{ stake: number; win: number; net: number; deposit: number }>(request, origin, '/wps/records/pnl?range=today', await storedToken(page));
        expect(pnl).toMatchObject({ stake: stake / 100, win: win / 100, net: (win - stake) / 100 });
        const figure = (id: string) => page.locator(`.profit-loss__card[data-figure="${id}"] dd`);
        await expect(figure('stake')).toHaveText(money(symbol, stake / 100));
        await expect(figure('win')).toHaveText(money(symbol, win / 100));
        await expect(figure('deposit')).toContainText(money(symbol, pnl.deposit));

        // 8. Cash back: claim what the valid turnover accrued; it shows in the account record and the rebate report.
        await page.goto('/m/member/manualRebate');
        await expectMemberView(page);
        const accrued = await value<{ total: number }>(request, origin, '/wps/rebates/accrued', await storedToken(page));
        expect(accrued.total).toBeGreaterThan(0);
        await expect(page.getByTestId('cash-back-total')).toHaveText(money(symbol, accrued.total));
        await page.getByRole('button', { name: t.cash_back_claim }).tap();
        await expect(page.getByTestId('cash-back-done')).toBeVisible();
        await openRecords(page, '/m/transaction/record?type=rebate');
        await expect(page.locator('.account-records__row[data-type="rebate"]')).toHaveCount(1);
        await expect(page.locator('.account-records__row[data-type="rebate"]')).toContainText(money(symbol, accrued.total));
        await page.goto('/m/member/rebateReport');
        await expectMemberView(page);
        await expect(page.locator('.rebate-report li[data-game-type="RNG"]').first()).toContainText(money(symbol, accrued.total));

        // 9. Transfer to the upline with the payment password; both account records show it. The
        // deposit's wagering is still owed (a transfer would be refused with it): an operator waives it.
        await ops(['turnover', 'waive', 'demoph01', username, '--reason', 'records journey']);
        await post(request, origin, '/wps/security/paymentPassword', await storedToken(page), { paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD }, false);
        await page.goto('/m/upLine/transfer');
        await expectMemberView(page);
        await expect(page.getByTestId('transfer-upline')).not.toHaveText('-');
        await page.locator('.upline-transfer input[name="amount"]').fill('50');
        await page.locator('.upline-transfer input[name="paymentPassword"]').fill(PAYMENT_PASSWORD);
        await page.locator('.upline-transfer__submit').tap();
        await expect(page.getByTestId('transfer-done')).toBeVisible();
        await openRecords(page, '/m/transaction/record?type=transfer');
        await expect(page.locator('.account-records__row[data-type="transfer"]')).toHaveCount(1);
        await expect(page.locator('.account-records__row[data-type="transfer"]')).toContainText(`-${money(symbol, 50)}`);

        const agent = await apiLogin(request, origin, 'demoagent');
        const agentPage = await (await page.context().browser()!.newContext({ ...test.info().project.use, baseURL: origin })).newPage();
        await closeHomePopupWhenShown(agentPage);
        await useStoredSession(agentPage, agent);
        await openRecords(agentPage, '/m/transaction/record?type=transfer');
        const received = agentPage.locator('.account-records__row[data-type="transfer"]').first();
        await expect(received).toContainText(`+${money(symbol, 50)}`);
        await agentPage.context().close();
      } else {
        // 7. The gated entries are absent from the member centre and their addresses lead home.
        await page.goto('/m/mine');
        await expectMemberView(page);
        await expect(page.locator('.mc-list a[href="/m/vouReport"]')).toHaveCount(1);
        for (const path of GATED) await expect(page.locator(`.mc-list a[href="${path}"]`)).toHaveCount(0);
        for (const path of GATED) {
          await page.goto(path);
          await expect(page).toHaveURL(/\/m\/home$/);
        }
      }

      const ledger = await ops<{ clean: boolean; problems: unknown[] }>(['ledger', 'check']);
      expect(ledger.value).toEqual({ clean: true, problems: [] });
    });
  });
}
