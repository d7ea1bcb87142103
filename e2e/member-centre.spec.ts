import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './test';
import type { Slot, Tenant } from '../src/generated/tenant';
import type { NavItemProps } from '../src/generated/widgets/nav-item';
import type { AppConfig } from '../src/lib/app-config';
import { evaluateGate, type GateContext } from '../src/lib/gates';
import { buildGateContext } from '../src/lib/runtime';
import { apiGet, apiLogin, apiTrialLogin, expectMemberView, useStoredSession, type StoredSession } from './session';
import { closeHomePopupWhenShown } from './home-popup';
import { expectNoSeriousA11yViolations } from './axe';

// Home's announcement popup is tested in home-blocks.spec.ts; here it only gets in the way.
test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const PH = 'http://demo-ph.localhost:8181';
const EN_ORIGIN = 'http://demo-en.localhost:8181';

async function appConfig(page: Page): Promise<AppConfig> {
  return JSON.parse((await page.locator('#app-config').textContent()) ?? '{}') as AppConfig;
}

/** Items of a slot the gates allow, in order: link targets, or "action:<name>" for buttons. */
function expectedItems(slot: Slot | undefined, ctx: GateContext): string[] {
  if (!slot) return [];
  return slot.order.flatMap((id) => {
    const node = slot.items[id];
    if (!node || !evaluateGate(node.gate, ctx)) return [];
    if (node.widget !== 'nav-item') return expectedItems(node.children, ctx);
    const props = node.props as NavItemProps;
    return [props.to ?? `action:${props.action}`];
  });
}

/** Rendered items: href of links, "action:<label>" of buttons (labels compared separately). */
async function renderedItems(list: Locator): Promise<{ href: string | null; label: string }[]> {
  return list.locator(':scope > li > a, :scope > li > button').evaluateAll((els) =>
    els.map((el) => ({ href: el.getAttribute('href'), label: el.querySelector('.nav-item__label')?.textContent ?? '' })),
  );
}

function labelsOf(tenant: Tenant, slot: Slot | undefined, ctx: GateContext, messages: Record<string, string>): string[] {
  if (!slot) return [];
  return slot.order.flatMap((id) => {
    const node = slot.items[id];
    if (!node || !evaluateGate(node.gate, ctx)) return [];
    if (node.widget !== 'nav-item') return labelsOf(tenant, node.children, ctx, messages);
    return [messages[(node.props as NavItemProps).label]];
  });
}

async function expectItems(page: Page, config: AppConfig, ctx: GateContext, messages: Record<string, string>) {
  const screen = config.tenant.screens.mine;
  for (const name of ['tiles', 'list'] as const) {
    const list = page.locator(`.mc-${name} ul`).first();
    const rendered = await renderedItems(list);
    const expected = expectedItems(screen.slots[name], ctx);
    expect(rendered.map((r) => r.href ?? 'action'), `${name}: targets`).toEqual(expected.map((e) => (e.startsWith('action:') ? 'action' : e)));
    expect(rendered.map((r) => r.label), `${name}: labels`).toEqual(labelsOf(config.tenant, screen.slots[name], ctx, messages));
  }
}

test.describe('member centre: visitor', () => {
  test('login-or-register prompt and protected entries open the login dialog; both pass an axe scan', async ({ page }) => {
    await page.goto('/m/mine');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TY.member_centre);
    await expect(page.getByRole('link', { name: TY.back })).toHaveAttribute('href', '/m/home');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('.mc-list')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member centre (visitor)');

    // The server painted the member centre: its buttons answer once they have hydrated.
    await hydrated(page, page.getByRole('button', { name: TY.login_or_register }));
    await page.getByRole('button', { name: TY.login_or_register }).tap();
    const dialog = page.getByRole('dialog', { name: TY.login_or_register });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login dialog');
    await dialog.getByRole('button', { name: TY.close }).tap();
    await expect(dialog).toHaveCount(0);

    await page.locator('.mc-list a[href="/m/rewardCenter"]').tap();
    await expect(page.getByRole('dialog', { name: TY.login_or_register })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/mine$/);
  });
});

test.describe('member centre: login dialog', () => {
  test('a visitor logs in through the dialog and stays in the member centre', async ({ page }) => {
    // The tap lands before the app's code has arrived: it is held and answered once the page hydrates.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/m/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/mine', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: TY.login_or_register }).tap();
    await expect(page.locator('html[data-view]')).toHaveCount(0);
    release();
    const dialog = page.getByRole('dialog', { name: TY.login_or_register });
    await dialog.locator('input[name="username"]').fill('demoplayer');
    await dialog.locator('input[name="password"]').fill('Demo1234');
    await dialog.getByRole('button', { name: TY.login, exact: true }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/m\/mine$/);
    await expect(page.getByTestId('member-card')).toContainText('demoplayer');
  });
});

test.describe('member centre: demo player', () => {
  let session: StoredSession;

  test.beforeEach(async ({ page, request }) => {
    session = await apiLogin(request, PH, 'demoplayer');
    await useStoredSession(page, session);
  });

  test('profile header and exactly the items demo-ph allows (spec gate table); it passes an axe scan', async ({ page, request }) => {
    const info = await apiGet<{ account: string; toUpline: string | null; regDate: string; vipLevel: number }>(request, PH, '/wps/member/info', session.token);
    await page.goto('/m/home');
    await page.getByRole('contentinfo').locator('a[href="/m/mine"]').tap();
    await expect(page).toHaveURL(/\/m\/mine$/);
    const config = await appConfig(page);
    expect(config.tenant.settings.mobileTemplate.mem_cen).not.toBe('1');
    await expect(page.locator('.member-centre')).toHaveAttribute('data-variant', 'base');

    const card = page.getByTestId('member-card');
    await expect(card).toContainText('demoplayer');
    const days = Math.floor((Date.now() - Date.parse(info.value?.regDate ?? '')) / 86_400_000);
    await expect(card).toContainText(TY.joined_days.replace('{{count}}', String(days)));
    await expect(card).toHaveAttribute('href', '/m/member/benefits');
    // The real VIP level: the seeded demo player's deposits and turnover put it above level 0.
    expect(info.value?.vipLevel).toBeGreaterThan(0);
    await expect(card.getByTestId('member-level')).toContainText(TY.level_label.replace('{{level}}', String(info.value?.vipLevel)));

    const ctx = buildGateContext(config, session, 'browser', Boolean(info.value?.toUpline));
    await expectItems(page, config, ctx, TY);
    // The spec's table for demo-ph (every flag on, MISSION and REFERRAL promotions, a type-0 player with an upline).
    const list = (await renderedItems(page.locator('.mc-list ul').first())).map((r) => r.href ?? 'action');
    expect(list).toEqual([
      '/m/rewardCenter',
      'action',
      '/m/vouReport',
      '/m/withdrawReport',
      '/m/transaction/record',
      '/m/gameRecord',
      '/m/profitandloss',
      '/m/upLine/transfer',
      '/m/member/manualRebate',
      '/m/leaderBoard',
      '/m/member/rebateReport',
      '/m/webEmail',
      'action',
      'action',
      '/m/feedback',
      '/m/responsibleGaming',
    ]);
    await expectNoSeriousA11yViolations(page, 'member centre (member)');
  });

  test('referral opens the share link dialog', async ({ page }) => {
    await page.goto('/m/mine');
    await page.getByRole('button', { name: TY.referral }).tap();
    const dialog = page.getByRole('dialog', { name: TY.referral });
    // The member's own referral code from the server (8 characters), not the account name.
    await expect(dialog.getByRole('textbox')).toHaveValue(/^https:\/\/demo-ph\.localhost:8181\/m\/register\?affiliateCode=[A-HJ-NP-Z2-9]{8}$/);
  });

  test('log out from settings: confirm dialog (it passes an axe scan), then home as a visitor', async ({ page }) => {
    await page.goto('/m/mine');
    // Tap once the member's view is committed: before that the page is the visitor's, whose entries ask to log in.
    await expectMemberView(page);
    await page.getByRole('link', { name: TY.settings }).tap();
    await expect(page).toHaveURL(/\/m\/set$/);
    await page.getByRole('button', { name: TY.sign_out }).tap();
    const dialog = page.getByRole('alertdialog', { name: TY.in_popup_prompt });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'logout confirmation');
    await dialog.getByRole('button', { name: TY.confirm }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole('banner').getByRole('link', { name: TY.login })).toBeVisible();
    // Settings is for members: a visitor is sent to log in (spec section 6).
    await page.goto('/m/set');
    await expect(page).toHaveURL(/\/m\/login$/);
  });
});

test.describe('member centre: demo-en', () => {
  test('new layout in English, without reward or message center; it passes an axe scan', async ({ page, request }) => {
    const session = await apiLogin(request, EN_ORIGIN, 'demoplayer');
    await useStoredSession(page, session);
    await page.goto(`${EN_ORIGIN}/m/mine`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN.member_centre);
    await expect(page.locator('.member-centre')).toHaveAttribute('data-variant', 'new');
    await expect(page.getByTestId('member-card')).toContainText('demoplayer');
    await expect(page.getByTestId('member-card')).toHaveAttribute('href', '/m/member/home');
    const level = await apiGet<{ vipLevel: number }>(request, EN_ORIGIN, '/wps/member/info', session.token);
    expect(level.value?.vipLevel).toBeGreaterThan(0);
    await expect(page.getByTestId('member-level')).toContainText(EN.level_label.replace('{{level}}', String(level.value?.vipLevel)));
    await expect(page.locator('.mc-list a[href="/m/rewardCenter"]')).toHaveCount(0);
    await expect(page.locator('.mc-list a[href="/m/webEmail"]')).toHaveCount(0);
    const info = await apiGet<{ toUpline: string | null }>(request, EN_ORIGIN, '/wps/member/info', session.token);
    const config = await appConfig(page);
    await expectItems(page, config, buildGateContext(config, session, 'browser', Boolean(info.value?.toUpline)), EN);
    await expectNoSeriousA11yViolations(page, 'member centre (demo-en, new layout)');
  });
});

test.describe('member centre: free trial', () => {
  test('a trial member is told free_reject and stays where they are', async ({ page, request }) => {
    const trial = await apiTrialLogin(request, PH);
    expect(trial.type).toBe(4);
    await useStoredSession(page, trial);
    await page.goto('/m/home');
    await page.getByRole('contentinfo').locator('a[href="/m/mine"]').tap();
    await expect(page.getByText(TY.free_reject)).toBeVisible();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByText(TY.free_reject)).toHaveCount(0, { timeout: 3000 });

    await page.goto('/m/mine');
    await expect(page.getByText(TY.free_reject)).toBeVisible();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByTestId('member-card')).toHaveCount(0);
  });
});
