/**
 * The engagement journey on a phone. On demo-ph (every engagement flag and promotion on) a new
 * member deposits; the deposit bonus waits in the reward centre with the member-centre badge at 1;
 * the claim credits it (badge gone, balance up, its turnover on the withdraw panel). The member
 * reads the operator's message (the header's red dot goes), sends feedback with an image, and
 * completes a mission task with five spins: its reward waits in the reward centre and the member
 * is ranked. The member's invite link brings a friend, whose first deposit earns the member the
 * referral reward. On demo-en (REWCEN3 and MAILCEN off) the reward and message centres lead home,
 * and Promotions offers only its REFERRAL promotion. The ledger is clean at the end.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';
import { api, expectHeaderBalance, minor, money, openHome, PASSWORD, registerMember, storedToken, uniqueMobile, uniqueName, value } from './members';
import { formIsLive, smsCode, solveCaptcha, watchCaptchas } from './sign-up';
import { ops } from './ops';
import { expectMemberView, useStoredSession, type Envelope } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;

/** A 1x1 PNG: the feedback's image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

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

interface Eligibility {
  reasons: { code: string; required?: number; wagered?: number; outstanding?: number }[];
}

const PH = 'http://demo-ph.localhost:8181';
const EN_ORIGIN = 'http://demo-en.localhost:8181';

test.describe('demo-ph', () => {
  test.use({ baseURL: PH });

  test('demo-ph: the deposit bonus waits in the reward centre and is claimed; a message is read; feedback goes with an image; a mission task is completed and ranked', async ({ browser, page, request }) => {
    test.setTimeout(150_000);
    const session = await registerMember(request, PH);
    await useStoredSession(page, session);
    // The deposit through the API on the registration's session: no screen has renewed it yet (home,
    // opened next for its balance, does).
    let token = session.token;

    // 1. A manual deposit the operator approves: its bonus (the channel's percentage) waits as a reward.
    const { currencySymbol: symbol, channels } = await value<{
      currencySymbol: string;
      channels: { id: string; provider: string; min: number; bonusPercent: number; bonusTurnoverMultiplier?: number }[];
    }>(request, PH, '/wps/wallet/deposit/channels', token);
    const manual = channels.find((c) => c.provider === 'manual' && c.bonusPercent > 0)!;
    const amount = Math.max(manual.min, 1000);
    const deposit = await post<{ id: number }>(request, PH, '/wps/wallet/deposits', token, { channelId: manual.id, amount });
    await post(request, PH, `/wps/wallet/deposits/${deposit.id}/reference`, token, { reference: `REF${Date.now()}` }, false);
    await ops(['deposits', 'approve', String(deposit.id)]);
    await expectHeaderBalance(page, minor(amount));
    const bonus = Math.round((minor(amount) * manual.bonusPercent) / 100);

    // 2. The member centre's reward-centre entry counts it.
    await page.goto('/m/mine');
    await expectMemberView(page);
    const rewardEntry = page.locator('a[href="/m/rewardCenter"]');
    await expect(rewardEntry.locator('.nav-item__count')).toHaveText('1');

    // 3. Claim it: the balance goes up by the bonus, the badge goes, the withdraw panel names its turnover.
    token = await storedToken(page);
    const before = await value<Eligibility>(request, PH, '/wps/wallet/withdrawals/eligibility', token);
    const requiredBefore = before.reasons.find((r) => r.code === 'turnover.required')?.required ?? 0;
    await rewardEntry.tap();
    await expect(page).toHaveURL(/\/m\/rewardCenter$/);
    const card = page.getByTestId('reward-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('reward-amount')).toHaveText(money(symbol, bonus / 100));
    const multiplier = manual.bonusTurnoverMultiplier ?? 1;
    await expect(card.getByTestId('reward-turnover')).toContainText(money(symbol, (bonus * multiplier) / 100));
    await card.getByRole('button', { name: TY.reward_claim }).tap();
    await expect(page.getByTestId('reward-done')).toBeVisible();
    await expect(page.getByTestId('reward-balance')).toHaveText(money(symbol, (minor(amount) + bonus) / 100));

    await page.goto('/m/mine');
    await expectMemberView(page);
    await expect(page.locator('a[href="/m/rewardCenter"] .nav-item__count')).toHaveCount(0);
    await expectHeaderBalance(page, minor(amount) + bonus);

    token = await storedToken(page);
    const after = await value<Eligibility>(request, PH, '/wps/wallet/withdrawals/eligibility', token);
    const turnover = after.reasons.find((r) => r.code === 'turnover.required')!;
    expect(minor(turnover.required!) - minor(requiredBefore)).toBe(bonus * multiplier);
    await page.goto('/m/withdraw');
    await expectMemberView(page);
    await expect(page.locator('.withdraw-blockers__reason[data-code="turnover.required"]')).toContainText(money(symbol, turnover.required!));

    // 4. A message from the operator: the header's red dot, then read in the message centre.
    const title = `Hello ${session.userName}`;
    await ops(['messages', 'send', session.merchantCode, '--member', session.userName, '--title', title, '--content', 'Your bonus is ready.']);
    await openHome(page);
    const mail = page.getByRole('banner').getByRole('link', { name: TY.message_center });
    await expect(mail.getByTestId('unread-dot')).toHaveCount(1);
    await mail.tap();
    await expect(page).toHaveURL(/\/m\/webEmail$/);
    const item = page.locator('.message-centre__item', { hasText: title });
    await expect(item).toHaveClass(/message-centre__item--unread/);
    await item.getByRole('button', { name: title }).tap();
    await expect(item.getByText('Your bonus is ready.')).toBeVisible();
    await expect(item).not.toHaveClass(/message-centre__item--unread/);
    await openHome(page);
    await expect(page.getByRole('banner').getByRole('link', { name: TY.message_center }).getByTestId('unread-dot')).toHaveCount(0);

    // 5. Feedback with an image: it is listed as mine, waiting for the operator's reply.
    await page.goto('/m/feedback');
    await expectMemberView(page);
    const form = page.locator('.feedback-form__form');
    await form.getByLabel(TY.feedback_content).fill('The new slot spins fast and pays well');
    await form.locator('input[type="file"]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('screen.png')).toBeVisible();
    await form.getByRole('button', { name: TY.submit }).tap();
    const history = page.locator('.feedback-history');
    await expect(history.getByText('The new slot spins fast and pays well')).toBeVisible();
    await expect(history.locator('.feedback-history__images')).toHaveText(TY.feedback_images_sent_one.replace('{{count}}', '1'));

    // 6. A mission: join, five ₱1 spins of the in-house slot complete its ₱5 slots task, the claim
    //    puts its reward in the reward centre and the member is ranked by the task's points.
    await page.goto('/m/leaderBoard');
    await expectMemberView(page);
    const mission = page.locator('[data-mission-code="missions"]');
    await mission.getByRole('button', { name: TY.mission_join }).tap();
    await expect(mission.getByTestId('mission-joined')).toBeVisible();
    token = await storedToken(page);
    for (let i = 0; i < 5; i++) await post(request, PH, '/wps/game/inhouse/spin', token, { stake: 100 });
    await page.reload();
    await expectMemberView(page);
    const claimable = mission.getByRole('button', { name: TY.mission_claim });
    await expect(claimable).toHaveCount(1);
    await claimable.tap();
    await expect(page.getByTestId('mission-claimed')).toBeVisible();
    await page.reload();
    await expectMemberView(page);
    await expect(page.getByTestId('mission-ranking-mine')).not.toHaveText(TY.mission_ranking_mine_none);
    await expect(page.getByTestId('mission-ranking-mine')).toContainText('10');
    await page.goto('/m/rewardCenter');
    await expect(page.getByTestId('reward-card')).toHaveCount(1);

    // 7. Invite friends: the member's code, link and QR code; a friend who registers with the code
    //    becomes the member's downline and is listed.
    await page.goto('/m/inviteFriends');
    await expectMemberView(page);
    await expect(page.getByTestId('invite-code')).toHaveValue(/^[A-HJ-NP-Z2-9]{8}$/);
    const code = await page.getByTestId('invite-code').inputValue();
    await expect(page.getByTestId('invite-link')).toHaveValue(`https://${new URL(PH).host}/m/register?affiliateCode=${code}`);
    await expect(page.getByRole('img', { name: TY.invite_qr_alt })).toBeVisible();
    await expect(page.getByTestId('invited-friend')).toHaveCount(0);

    //    The friend opens the link on another phone (a fresh browser) and registers by username.
    const friendContext = await browser.newContext({ ...test.info().project.use, baseURL: PH });
    const friendPage = await friendContext.newPage();
    await closeHomePopupWhenShown(friendPage);
    watchCaptchas(friendPage);
    const link = new URL(await page.getByTestId('invite-link').inputValue());
    await friendPage.goto(link.pathname + link.search);
    await formIsLive(friendPage);
    const friend = { username: uniqueName(), mobile: uniqueMobile() };
    await friendPage.locator('input[name="username"]').fill(friend.username);
    await friendPage.locator('input[name="password"]').fill(PASSWORD);
    await friendPage.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await friendPage.locator('input[name="mobileNum"]').fill(friend.mobile);
    await friendPage.getByRole('button', { name: TY.send_code }).tap();
    await friendPage.locator('input[name="verificationCode"]').fill(await smsCode(request, PH, `+63${friend.mobile}`));
    await solveCaptcha(friendPage, request, PH);
    await friendPage.getByRole('button', { name: TY.register, exact: true }).tap();
    await expect(friendPage).toHaveURL(/\/m\/home$/);
    const friendToken = await storedToken(friendPage);
    await friendContext.close();
    const friendInfo = await value<{ toUpline: string | null }>(request, PH, '/wps/member/info', friendToken);
    expect(friendInfo.toUpline).toBe(session.userName);
    //    The member sees the friend in the list, not yet deposited.
    await page.reload();
    await expectMemberView(page);
    await expect(page.getByTestId('invited-friend')).toHaveCount(1);
    await expect(page.getByTestId('invited-friend')).toContainText(TY.invite_not_deposited);
    //    The friend's first deposit earns the member the REFERRAL promotion's reward, shown on the row.
    const friendDeposit = await post<{ id: number }>(request, PH, '/wps/wallet/deposits', friendToken, { channelId: manual.id, amount });
    await post(request, PH, `/wps/wallet/deposits/${friendDeposit.id}/reference`, friendToken, { reference: `REF${Date.now()}` }, false);
    await ops(['deposits', 'approve', String(friendDeposit.id)]);
    const referral = await value<{ rewardsEarned: number }>(request, PH, '/wps/member/referral/friends', await storedToken(page));
    expect(referral.rewardsEarned).toBeGreaterThan(0);
    await page.reload();
    await expectMemberView(page);
    await expect(page.getByTestId('invited-friend')).toContainText(TY.invite_deposited);
    await expect(page.getByTestId('invited-friend')).toContainText(money(symbol, referral.rewardsEarned));
    await page.goto('/m/rewardCenter');
    await expect(page.getByTestId('reward-card')).toHaveCount(2);

    const ledger = await ops<{ clean: boolean; problems: unknown[] }>(['ledger', 'check']);
    expect(ledger.value).toEqual({ clean: true, problems: [] });
  });
});

test.describe('demo-en', () => {
  test.use({ baseURL: EN_ORIGIN });

  test('demo-en: the reward centre and the message centre (REWCEN3, MAILCEN off) lead home', async ({ page, request }) => {
    const session = await registerMember(request, EN_ORIGIN);
    await useStoredSession(page, session);
    for (const path of ['/m/rewardCenter', '/m/webEmail']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/m\/home$/);
      await expectMemberView(page);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: EN.message_center })).toHaveCount(0);
    await page.goto('/m/mine');
    await expectMemberView(page);
    await expect(page.locator('a[href="/m/rewardCenter"]')).toHaveCount(0);
  });

  test('demo-en: Promotions lists only its REFERRAL promotion, whose terms lead to invite friends; the Invite Friends tab shows the code', async ({ page, request }) => {
    const session = await registerMember(request, EN_ORIGIN);
    await useStoredSession(page, session);
    await openHome(page);
    const footer = page.getByRole('contentinfo');
    await footer.locator('a[href="/m/activity"]').tap();
    await expect(page).toHaveURL(/\/m\/activity$/);
    // demo-en's settings enable REFERRAL only: the sign-in, turnover and mission promotions are not offered.
    const cards = page.getByTestId('promotion-card');
    await expect(cards).toHaveCount(1);
    await expect(cards).toHaveAttribute('data-code', 'referral');
    await cards.getByRole('link').tap();
    await expect(page).toHaveURL(/\/m\/activityInfo\?code=referral$/);
    await expect(page.getByTestId('promotion-terms')).toContainText('first deposit');
    await expect(page.getByRole('button', { name: EN.promo_action_claim })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: EN.invite_friends }).tap();
    await expect(page).toHaveURL(/\/m\/inviteFriends$/);
    await expect(page.getByTestId('invite-code')).toHaveValue(/^[A-HJ-NP-Z2-9]{8}$/);
    // The footer's own Invite Friends tab leads there too.
    await page.goto('/m/home');
    await footer.locator('a[href="/m/inviteFriends"]').tap();
    await expect(page).toHaveURL(/\/m\/inviteFriends$/);
    await expect(page.getByRole('img', { name: EN.invite_qr_alt })).toBeVisible();
  });
});
