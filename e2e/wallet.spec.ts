/**
 * The wallet journey on a phone, once per tenant (demo-ph in Tagalog, demo-en in English), for a
 * member registered for the run: a gateway deposit paid on the provider's page, a manual deposit
 * approved by the operator, the "why can't I withdraw?" panel naming every blocker, clearing
 * them on the security centre (payment password, identity, payout account; the operator approves
 * the identity and waives the turnover), a withdrawal paid by the operator, and a clean ledger.
 *
 * Operator actions go through the back-office CLI against the running server (e2e/ops.ts). The
 * header's balance is read on home (the only screen that shows it) and compared in minor units.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { expectHeaderBalance, fill, minor, money, openHome, registerMember, storedToken, value } from './members';
import { ops } from './ops';
import { expectMemberView, useStoredSession } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

const PAYMENT_PASSWORD = '482916';
/** A 1x1 PNG: the identity images (the server checks the type by the magic bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

interface Channel {
  id: string;
  provider: 'gateway' | 'manual';
  min: number;
  bonusPercent: number;
  fee: { percent: number; fixed: number };
}

/**
 * What a deposit of `amount` credits, in minor units: the amount less its fee, plus the channel's
 * bonus unless the tenant has the reward centre (the bonus then waits there to be claimed).
 */
function credited(channel: Channel, amount: number, rewardCentre: boolean): number {
  const a = minor(amount);
  const fee = Math.round((a * channel.fee.percent) / 100) + minor(channel.fee.fixed);
  const bonus = rewardCentre ? 0 : Math.round((a * channel.bonusPercent) / 100);
  return a - fee + bonus;
}

interface Reason {
  code: string;
  outstanding?: number;
  wagered?: number;
  required?: number;
}

interface Eligibility {
  balance: number;
  fee?: number;
  reasons: Reason[];
  allowed: boolean;
}

// ---- screens -----------------------------------------------------------------------------------

/** /m/voucherCenter: picks the channel, types the amount, sends; lands on the deposit's detail. Returns its id. */
async function startDeposit(page: Page, t: Messages, channelId: string, amount: number): Promise<number> {
  await page.goto('/m/voucherCenter');
  await expectMemberView(page);
  const channel = page.locator(`.deposit-channel[data-channel="${channelId}"]`);
  await channel.tap();
  await expect(channel).toHaveAttribute('aria-checked', 'true');
  await page.locator('.deposit-form input[name="amount"]').fill(String(amount));
  await expect(page.getByTestId('deposit-preview')).toBeVisible();
  await page.getByRole('button', { name: t.deposit_submit, exact: true }).tap();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
  return Number(new URL(page.url()).searchParams.get('deposit'));
}

// ---- the journey -------------------------------------------------------------------------------

const TENANTS = [
  {
    name: 'demo-ph',
    origin: 'http://demo-ph.localhost:8181',
    t: TY,
    withdraw: 300,
    rewardCentre: true,
  },
  {
    name: 'demo-en',
    origin: 'http://demo-en.localhost:8181',
    t: EN,
    withdraw: 500,
    rewardCentre: false,
  },
] as const;

for (const tenant of TENANTS) {
  test.describe(tenant.name, () => {
    // Relative page.goto paths go to this tenant.
    test.use({ baseURL: tenant.origin });
    test(`${tenant.name}: deposit by gateway and by transfer, clear every blocker, withdraw; the ledger stays clean`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const { origin, t } = tenant;
      const session = await registerMember(request, origin);
      const username = session.userName;
      await useStoredSession(page, session);

      await openHome(page);
      await expect(page.getByTestId('header-balance')).toHaveText(/^\D*0\.00$/);
      const { currencySymbol: symbol, channels } = await value<{ currencySymbol: string; channels: Channel[] }>(
        request,
        origin,
        '/wps/wallet/deposit/channels',
        await storedToken(page),
      );
      const gateway = channels.find((c) => c.provider === 'gateway')!;
      const manual = channels.find((c) => c.provider === 'manual')!;
      expect(gateway && manual, 'the tenant has a gateway and a manual channel').toBeTruthy();
      let expected = 0;

      // 2. Gateway deposit: pay on RefPay's page (its own origin and port), come back to the paid deposit.
      const gatewayAmount = Math.max(gateway.min, 1000);
      const gatewayId = await startDeposit(page, t, gateway.id, gatewayAmount);
      await page.getByRole('link', { name: t.deposit_go_to_payment }).tap();
      await expect(page).toHaveURL(/^http:\/\/localhost:8191\/pay\//);
      await page.getByRole('button', { name: 'Confirm payment' }).tap();
      await expect(page).toHaveURL(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/m/voucherCenter\\?deposit=${gatewayId}$`));
      await expectMemberView(page);
      await expect(page.getByTestId('deposit-state')).toHaveClass(/deposit-state--paid/, { timeout: 15_000 });
      await expect(page.getByTestId('outcome-bonus')).toHaveText(money(symbol, (minor(gatewayAmount) * gateway.bonusPercent) / 100 / 100));
      expected += credited(gateway, gatewayAmount, tenant.rewardCentre);
      await expectHeaderBalance(page, expected);

      // 3. Manual deposit: the reference of the transfer, then the operator approves it.
      const manualAmount = manual.min;
      const manualId = await startDeposit(page, t, manual.id, manualAmount);
      await page.locator('input[name="reference"]').fill(`REF${Date.now()}`);
      await page.getByRole('button', { name: t.deposit_submit_transfer }).tap();
      await expect(page.getByText(t.deposit_waiting_operator)).toBeVisible();
      const approved = await ops<{ ok: boolean; deposit: { id: number; state: string; bonus: number } }>(['deposits', 'approve', String(manualId)]);
      // The CLI prints amounts in currency units: the bonus is the channel's percentage of the amount.
      expect(approved.value.deposit).toMatchObject({ id: manualId, state: 'paid', bonus: (minor(manualAmount) * manual.bonusPercent) / 100 / 100 });
      expected += credited(manual, manualAmount, tenant.rewardCentre);
      await expectHeaderBalance(page, expected);

      // 4. Withdraw: the panel names every reason that blocks, the turnover with its numbers.
      await page.goto('/m/withdraw');
      await expectMemberView(page);
      const blockers = page.locator('.withdraw-blockers');
      await expect(blockers.getByRole('heading', { name: t.withdraw_blockers_title })).toBeVisible();
      const eligibility = await value<Eligibility>(request, origin, '/wps/wallet/withdrawals/eligibility', await storedToken(page));
      const turnover = eligibility.reasons.find((r) => r.code === 'turnover.required');
      expect(turnover?.outstanding, 'the deposits left turnover to wager').toBeGreaterThan(0);
      const reason = (code: string) => blockers.locator(`.withdraw-blockers__reason[data-code="${code}"]`);
      await expect(reason('turnover.required')).toContainText(
        fill(t.withdraw_reason_turnover, {
          outstanding: money(symbol, turnover!.outstanding!),
          wagered: money(symbol, turnover!.wagered!),
          required: money(symbol, turnover!.required!),
        }),
      );
      await expect(reason('identity.unverified')).toContainText(t.withdraw_reason_identity);
      await expect(reason('payout.account.missing')).toContainText(t.withdraw_reason_payout_account);
      await expect(reason('payment.password.unset')).toContainText(t.withdraw_reason_payment_password);
      await expect(page.getByRole('button', { name: t.withdraw_submit })).toBeDisabled();

      // 5a. The payment password, on the security centre.
      await page.goto('/m/securityCenter?view=paymentPassword');
      await expectMemberView(page);
      await page.locator('input[name="newPassword"]').fill(PAYMENT_PASSWORD);
      await page.locator('input[name="confirmPassword"]').fill(PAYMENT_PASSWORD);
      await page.getByRole('button', { name: t.submit, exact: true }).tap();
      await expect(page.getByText(t.payment_password_saved)).toBeVisible();

      // 5b. Identity on the security centre: the details and the three images; the operator approves.
      const realName = `Juan Dela Cruz ${username.slice(-4)}`;
      await page.goto('/m/securityCenter?view=identity');
      await expectMemberView(page);
      const identity = page.locator('form.identity-form');
      const details: Record<string, string> = {
        realName,
        birthday: '1990-05-17',
        nationality: 'Filipino',
        address: '123 Rizal Avenue, Manila',
        occupation: 'Engineer',
        sourceOfIncome: 'Salary',
        placeOfBirth: 'Manila',
        idNumber: 'N01-23-456789',
      };
      for (const [name, text] of Object.entries(details)) await identity.locator(`[name="${name}"]`).fill(text);
      for (const side of ['front', 'back', 'selfie']) {
        await identity.locator(`input[type="file"]#identity-image-${side}`).setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
      }
      await identity.getByRole('button', { name: t.submit, exact: true }).tap();
      await expect(page.getByTestId('identity-state')).toHaveClass(/identity-state--pending/);
      const checks = await ops<{ id: number; username: string; state: string }[]>(['identity', 'list', '--state', 'pending']);
      const check = checks.value.find((c) => c.username === username);
      expect(check, 'the identity check waits for review').toBeTruthy();
      await ops(['identity', 'approve', String(check!.id)]);
      await page.reload();
      await expectMemberView(page);
      await expect(page.getByTestId('identity-state')).toHaveClass(/identity-state--approved/);
      await expect(page.getByTestId('identity-real-name')).toHaveText(realName);

      // 5c. A GCash payout account on the security centre, held in the verified name.
      await page.goto('/m/securityCenter?view=payoutAccounts');
      await expectMemberView(page);
      await page.locator('.payout-accounts__add').tap();
      const add = page.locator('form.payout-add');
      await add.locator('.payout-provider[data-provider="GCASH"]').tap();
      await add.locator('input[name="accountNo"]').fill(`09${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
      await expect(add.locator('input[name="holderName"]')).toHaveValue(realName);
      await add.locator('.payout-add__submit').tap();
      await expect(page.locator('.payout-account')).toHaveCount(1);

      // 5d. The operator waives the turnover.
      const waived = await ops<{ waived: number }>(['turnover', 'waive', session.merchantCode, username, '--reason', 'e2e wallet journey']);
      expect(waived.value.waived).toBeGreaterThan(0);

      // 6. Nothing blocks now: withdraw with the payment password; the operator pays it.
      await page.goto('/m/withdraw');
      await expectMemberView(page);
      await expect(page.locator('.withdraw-blockers__none')).toHaveText(t.withdraw_blockers_none);
      const { fee } = await value<Eligibility>(request, origin, `/wps/wallet/withdrawals/eligibility?amount=${tenant.withdraw}`, await storedToken(page));
      await page.locator('.withdraw-form input[name="amount"]').fill(String(tenant.withdraw));
      await expect(page.getByTestId('preview-deducted')).toHaveText(money(symbol, (minor(tenant.withdraw) + minor(fee ?? 0)) / 100));
      await page.locator('input[name="paymentPassword"]').fill(PAYMENT_PASSWORD);
      await page.getByRole('button', { name: t.withdraw_submit }).tap();
      await expect(page.getByTestId('withdraw-done')).toBeVisible();
      await expect(page.getByTestId('withdraw-state')).toHaveAttribute('data-state', 'pending');
      expected -= minor(tenant.withdraw) + minor(fee ?? 0);

      const pending = await ops<{ id: number; username: string; amount: number }[]>(['withdrawals', 'list', '--state', 'pending']);
      const withdrawal = pending.value.find((w) => w.username === username);
      expect(withdrawal?.amount).toBe(tenant.withdraw);
      await ops(['withdrawals', 'pay', String(withdrawal!.id)]);
      await expectHeaderBalance(page, expected);

      const ledger = await ops<{ clean: boolean; problems: unknown[] }>(['ledger', 'check']);
      expect(ledger.value).toEqual({ clean: true, problems: [] });
    });
  });
}
