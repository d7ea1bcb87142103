/**
 * Player protection limits on a phone, on both tenants: a new member sets a daily deposit limit
 * of 500 on /m/member/limits, deposits 400 (paid on the provider's page), and is refused 200 on
 * the deposit screen with the remaining 100 in the message. The member raises the limit to 1,000:
 * the screen shows the pending value with a live cooling-off countdown while the old limit is
 * still enforced (200 is still refused); the member cancels the change. The ledger is clean.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { fill, money, registerMember, value } from './members';
import { ops } from './ops';
import { expectMemberView, useStoredSession } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const TENANTS = [
  { name: 'demo-ph', origin: 'http://demo-ph.localhost:8181', t: TY },
  { name: 'demo-en', origin: 'http://demo-en.localhost:8181', t: EN },
] as const;

/** The daily deposit limit's row on the limits screen. */
const dailyDeposit = (page: Page) => page.locator('[data-testid="limit-row"][data-kind="deposit"][data-period="day"]');

/** Sets the daily deposit limit on /m/member/limits through its form. */
async function setDailyDepositLimit(page: Page, t: Messages, amount: number): Promise<void> {
  const form = page.locator('.limits-form');
  await form.locator('select[name="kind"]').selectOption('deposit');
  await form.locator('select[name="period"]').selectOption('day');
  await form.locator('input[name="value"]').fill(String(amount));
  await form.getByRole('button', { name: t.limits_save, exact: true }).tap();
}

/** Asks for a deposit on /m/voucherCenter; answers whether it went through (the deposit's detail opens). */
async function askDeposit(page: Page, t: Messages, channelId: string, amount: number): Promise<void> {
  await page.goto('/m/voucherCenter');
  await expectMemberView(page);
  const channel = page.locator(`.deposit-channel[data-channel="${channelId}"]`);
  await channel.tap();
  await expect(channel).toHaveAttribute('aria-checked', 'true');
  await page.locator('.deposit-form input[name="amount"]').fill(String(amount));
  await expect(page.getByTestId('deposit-preview')).toBeVisible();
  await page.getByRole('button', { name: t.deposit_submit, exact: true }).tap();
}

for (const tenant of TENANTS) {
  test.describe(tenant.name, () => {
    test.use({ baseURL: tenant.origin });

    test(`${tenant.name}: a daily deposit limit refuses what is over it, a raise waits its cooling-off and is cancelled`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const { t } = tenant;
      const session = await registerMember(request, tenant.origin);
      await useStoredSession(page, session);
      // The channels through the API on the registration's session: no screen has renewed it yet.
      const { currencySymbol: symbol, channels } = await value<{ currencySymbol: string; channels: { id: string; provider: string }[] }>(
        request,
        tenant.origin,
        '/wps/wallet/deposit/channels',
        session.token,
      );
      const gateway = channels.find((c) => c.provider === 'gateway')!;

      // 1. The limit, set on the screen, applies at once.
      await page.goto('/m/member/limits');
      await expectMemberView(page);
      await expect(dailyDeposit(page).getByTestId('limit-value')).toHaveText(t.limits_none);
      await setDailyDepositLimit(page, t, 500);
      await expect(page.getByTestId('limits-message')).toHaveText(t.limits_saved_now);
      await expect(dailyDeposit(page).getByTestId('limit-value')).toHaveText(money(symbol, 500));

      // 2. A deposit of 400, paid on the provider's page.
      await askDeposit(page, t, gateway.id, 400);
      await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
      await page.getByRole('link', { name: t.deposit_go_to_payment }).tap();
      await page.getByRole('button', { name: 'Confirm payment' }).tap();
      await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
      await expectMemberView(page);
      await expect(page.getByTestId('deposit-state')).toHaveClass(/deposit-state--paid/, { timeout: 15_000 });

      // 3. 200 more is refused, naming the 100 that remains.
      const refusal = fill(t.err_limit_deposit_exceeded_day, { amount: money(symbol, 100) });
      await askDeposit(page, t, gateway.id, 200);
      await expect(page.locator('.deposit-form').getByRole('alert')).toHaveText(refusal);
      await expect(page).toHaveURL(/\/m\/voucherCenter$/);

      // 4. Raising to 1,000 waits the cooling-off: pending value, a live countdown, the old limit shown.
      await page.goto('/m/member/limits');
      await expectMemberView(page);
      await expect(dailyDeposit(page).getByTestId('limit-remaining')).toHaveText(fill(t.limits_remaining, { amount: money(symbol, 100), limit: money(symbol, 500) }));
      await setDailyDepositLimit(page, t, 1000);
      await expect(page.getByTestId('limits-message')).toHaveText(fill(t.limits_saved_pending, { hours: 24 }));
      const pending = dailyDeposit(page).getByTestId('limit-pending');
      await expect(pending).toContainText(money(symbol, 1000));
      await expect(pending).toContainText(/23:59:\d\d/);
      const before = await pending.locator('.limits-row__pending-text').textContent();
      await expect(pending.locator('.limits-row__pending-text')).not.toHaveText(before ?? '', { timeout: 3_000 });
      await expect(dailyDeposit(page).getByTestId('limit-value')).toHaveText(money(symbol, 500));

      //    The old limit is still enforced.
      await askDeposit(page, t, gateway.id, 200);
      await expect(page.locator('.deposit-form').getByRole('alert')).toHaveText(refusal);

      // 5. The member cancels the raise: the 500 limit stays, nothing pending.
      await page.goto('/m/member/limits');
      await expectMemberView(page);
      await dailyDeposit(page).getByRole('button', { name: t.limits_cancel }).tap();
      await expect(page.getByTestId('limits-message')).toHaveText(t.limits_cancelled);
      await expect(dailyDeposit(page).getByTestId('limit-pending')).toHaveCount(0);
      await expect(dailyDeposit(page).getByTestId('limit-value')).toHaveText(money(symbol, 500));

      const ledger = await ops<{ clean: boolean; problems: unknown[] }>(['ledger', 'check']);
      expect(ledger.value).toEqual({ clean: true, problems: [] });
    });
  });
}
