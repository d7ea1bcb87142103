/**
 * Agent contracts on a phone, demo-ph. A new member under demoagent becomes its sub-agent (ops
 * agents promote) and brings a player of its own. demoagent proposes a daily salary contract to it:
 * a tier above the tenant's maximum is refused with the tier named, a fair one is proposed. The
 * sub-agent logs in (second context): the home prompt opens the contract page, where it signs. The
 * player spins; `ops settle salary` for today is refused, twice and racing, naming the day and when
 * it ends, and nothing is credited (the payment of a day that is over is tests/server/agent/
 * agent-contracts.test.ts's: a journey cannot wait for midnight). The ledger is clean at the end.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { api, money, openHome, PASSWORD, registerMember, value } from './members';
import { ops } from './ops';
import { apiLogin, expectMemberView, useStoredSession, type Envelope } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const PH = 'http://demo-ph.localhost:8181';
const MERCHANT = 'demoph01';
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));
test.use({ baseURL: PH });

async function spin(request: APIRequestContext, token: string): Promise<void> {
  const target = api(PH, '/wps/game/inhouse/spin');
  const res = await request.post(target.url, { headers: { ...target.headers, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data: { stake: 100 } });
  const body = (await res.json()) as Envelope<unknown>;
  expect(body.success, `spin: ${body.errorCode ?? res.status()}`).toBe(true);
}

interface Refused {
  error: { code: string; message: string };
}

test('demoagent proposes a daily salary contract; the sub-agent signs it from the home prompt; settling the day before it ends is refused and pays nothing', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  // The team: a sub-agent under demoagent, and a player under the sub-agent (its own invite code).
  const sub = await registerMember(request, PH, { affiliateCode: 'DEMOAGENT' });
  const { code } = await value<{ code: string }>(request, PH, '/wps/member/referral', sub.token);
  const player = await registerMember(request, PH, { affiliateCode: code });
  await ops(['agents', 'promote', MERCHANT, sub.userName]);
  // demoagent is a top-level agent: it proposes only within the ceiling an operator sets for it.
  await ops(['agents', 'ceiling', 'set', '--merchant', MERCHANT, '--agent', 'demoagent', '--kind', 'salary', '--max', '10000']);
  const { currencySymbol: symbol } = await value<{ currencySymbol: string }>(request, PH, '/wps/member/wallet', sub.token);

  // 1. demoagent proposes: above the tenant's maximum first (refused, the tier named), then 12.34 a day.
  await useStoredSession(page, await apiLogin(request, PH, 'demoagent'));
  await page.goto('/m/member/agent/getSalaryContract');
  await expectMemberView(page);
  const row = page.locator(`[data-testid="contract-downline"][data-account="${sub.userName}"]`);
  await row.getByRole('button', { name: TY.contract_propose }).click();
  const form = row.getByTestId('contract-propose-form');
  await form.getByLabel(TY.contract_field_turnover).fill('1');
  await form.getByLabel(TY.contract_field_active_members).fill('1');
  await form.getByLabel(TY.contract_field_amount).fill('20000');
  await form.getByRole('button', { name: TY.contract_propose }).click();
  await expect(form.getByRole('alert')).toHaveText(fill(TY.contract_tier_error, { n: 1, message: TY.contract_tier_above_max }));
  await expect(form.getByLabel(TY.contract_field_amount)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(TY.contract_field_amount).fill('12.34');
  await form.getByRole('button', { name: TY.contract_propose }).click();
  await expect(form.getByTestId('contract-proposed')).toBeVisible();
  await expect(row).toContainText(TY.contract_state_proposed);

  // 2. The sub-agent logs in: the home prompt opens the contract page, where it signs.
  const subContext = await browser.newContext({ ...test.info().project.use, baseURL: PH });
  const subPage = await subContext.newPage();
  await closeHomePopupWhenShown(subPage);
  await useStoredSession(subPage, await apiLogin(request, PH, sub.userName, PASSWORD));
  // A first load on a busy machine may take longer than the usual wait: the prompt stays until it is answered.
  await openHome(subPage, 30_000);
  await expect(subPage.getByTestId('contract-prompt')).toHaveText(TY.contract_prompt_salary, { timeout: 15_000 });
  await subPage.getByRole('button', { name: TY.contract_prompt_open }).click();
  await expect(subPage).toHaveURL(/\/m\/member\/agent\/getSalaryContract$/);
  const pending = subPage.getByTestId('contract-pending');
  await expect(pending).toContainText(fill(TY.contract_awaiting, { upline: 'demoagent' }));
  await expect(pending.getByTestId('contract-terms')).toContainText(money(symbol, 12.34));
  await pending.getByRole('button', { name: TY.contract_sign }).click();
  await expect(pending).toHaveCount(0);
  await expect(subPage.getByTestId('contract-current').getByTestId('contract-terms')).toContainText(money(symbol, 12.34));
  // Home again: the prompt was for this login only, and the contract is signed anyway.
  await openHome(subPage);
  await expect(subPage.getByTestId('contract-prompt')).toHaveCount(0);

  // 3. The player's spins make the team's turnover; settling today, before the day ends, is refused (twice at once too).
  await ops(['balance', 'adjust', MERCHANT, player.userName, '50', '--reason', 'e2e contract turnover']);
  for (let i = 0; i < 10; i += 1) await spin(request, player.token);
  const now = Date.now();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date(now));
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date(now + 86_400_000));
  const runs = await Promise.all([1, 2].map(() => ops<Refused>(['settle', 'salary', '--date', today, '--merchant', MERCHANT], { allowRefusal: true })));
  for (const r of runs) {
    expect(r.exitCode).toBe(1);
    expect(r.value.error.code).toBe('contract.period.open');
    expect(r.value.error.message).toContain(`the salary period ${today} has not ended yet; it ends ${tomorrow} 00:00 (Asia/Manila)`);
  }

  // 4. Nothing reached the sub-agent's account record.
  await subPage.goto('/m/transaction/record');
  await expectMemberView(subPage);
  await expect(subPage.locator('.account-records')).toBeVisible();
  await expect(subPage.locator('.account-records__row', { hasText: money(symbol, 12.34) })).toHaveCount(0);
  await subContext.close();

  const check = await ops<{ clean: boolean }>(['ledger', 'check']);
  expect(check.value.clean).toBe(true);
});
