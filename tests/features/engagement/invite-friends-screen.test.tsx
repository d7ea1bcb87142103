// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../../src/lib/api/client';
import type { InvitedFriendPage } from '../../../src/features/engagement';
import { feedbackStore } from '../../../src/lib/feedback';
import { Harness, TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);

const CODE = 'K7PQ2MZX';
const FRIENDS: InvitedFriendPage = {
  list: [
    { account: 'ma***ia', regDate: '2026-11-20T02:00:00.000Z', deposited: true, reward: 50 },
    { account: 'jo***se', regDate: '2026-11-18T02:00:00.000Z', deposited: false, reward: 0 },
  ],
  invitedTotal: 2,
  depositedTotal: 1,
  rewardsEarned: 50,
  currency: 'PHP',
};
const link = () => `https://${window.location.host}/m/register?affiliateCode=${CODE}`;

function referralApi() {
  return memberApi({
    'GET /wps/member/referral': () => ({ code: CODE, invitedTotal: 2, invited: [] }),
    'GET /wps/member/referral/friends': () => FRIENDS,
  });
}

const writeText = vi.fn<(text: string) => Promise<void>>();

function setNavigator(name: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

// The screen's and widgets' chunks compile on first use: load them before the renders wait for them.
beforeAll(async () => {
  await import('../../../src/app/screens/slot-screen');
  await import('../../../widgets/invite-card/invite-card');
  await import('../../../widgets/invited-friends/invited-friends');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetSession();
  requestMock.mockReset();
  writeText.mockReset();
  setNavigator('clipboard', undefined);
  setNavigator('share', undefined);
  feedbackStore.toasts.splice(0);
});

async function openScreen() {
  scriptApi(requestMock, referralApi());
  storeSession();
  const view = renderApp('/m/inviteFriends', { tenant: tenantWithBaseScreens() });
  await waitFor(() => expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toBe(link()));
  return view;
}

describe('invite friends screen (/m/inviteFriends)', () => {
  it('the base tenant lays it out with the invite card and the invited friends; demo-en’s footer leads to it', () => {
    const base = repoTenant('_base');
    expect(base.screens.inviteFriends?.slots.main.order).toEqual(['card', 'friends']);
    expect(base.screens.inviteFriends?.slots.main.items.card.widget).toBe('invite-card');
    expect(base.screens.inviteFriends?.slots.main.items.friends.widget).toBe('invited-friends');
    const footer = repoTenant('demo-en').screens.shell.slots.footer.items.menu.children;
    expect(footer?.order).toContain('inviteFriends');
    expect(footer?.items.inviteFriends.props).toMatchObject({ to: '/m/inviteFriends' });
  });

  it('the server renders the card without a code, a link or a QR code', async () => {
    const { default: InviteCard } = await import('../../../widgets/invite-card/invite-card');
    scriptApi(requestMock, {});
    const html = renderToString(
      <Harness options={{ tenant: tenantWithBaseScreens() }}>
        <InviteCard />
      </Harness>,
    );
    expect(html).toContain('invite-card');
    expect(html).not.toContain('<img');
    expect(html).not.toContain(CODE);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows the member’s code, the link, its QR code after hydration, and the invited friends', async () => {
    await openScreen();
    expect((screen.getByTestId('invite-code') as HTMLInputElement).value).toBe(CODE);
    const qr = (await screen.findByRole('img', { name: TY.invite_qr_alt })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    const rows = await screen.findAllByTestId('invited-friend');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('ma***ia'), expect.stringContaining('jo***se')]);
    expect(within(rows[0]).getByText(TY.invite_deposited)).toBeTruthy();
    expect(within(rows[0]).getByText('₱50.00')).toBeTruthy();
    expect(within(rows[1]).getByText(TY.invite_not_deposited)).toBeTruthy();
    expect(screen.getByText(TY.invite_total_rewards).closest('div')?.textContent).toContain('₱50.00');
  });

  it('copies the code and the link with a toast', async () => {
    setNavigator('clipboard', { writeText });
    writeText.mockResolvedValue(undefined);
    await openScreen();
    fireEvent.click(screen.getByRole('button', { name: TY.invite_copy_code }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODE));
    expect(await screen.findByText(TY.copied)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: TY.invite_copy_link })[0]);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(link()));
  });

  it('shares through the Web Share API when the browser has it', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await openScreen();
    fireEvent.click(await screen.findByRole('button', { name: TY.invite_share }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link() })));
    expect(writeText).not.toHaveBeenCalled();
  });

  it('a closed share sheet says nothing; without the Web Share API the button copies the link', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValue(new DOMException('closed', 'AbortError'));
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await openScreen();
    fireEvent.click(await screen.findByRole('button', { name: TY.invite_share }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    cleanup();

    setNavigator('share', undefined);
    writeText.mockResolvedValue(undefined);
    await openScreen();
    expect(screen.queryByRole('button', { name: TY.invite_share })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: TY.invite_copy_link });
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link()));
    expect(await screen.findByText(TY.copied)).toBeTruthy();
  });

  it('without the REFERRAL promotion says contact_service for 2 s and leaves the member where they were', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    scriptApi(requestMock, referralApi());
    storeSession();
    const view = renderApp(['/m/home', '/m/inviteFriends'], { tenant: tenantWithBaseScreens({ settings: { promotions: [] } }) });
    expect(await screen.findByText(TY.contact_service)).toBeTruthy();
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'contact_service', durationMs: 2000 });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/m/home'));
    expect(screen.queryByTestId('invite-code')).toBeNull();
    expect(requestMock).not.toHaveBeenCalledWith('GET', '/wps/member/referral', expect.anything());
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(screen.queryByText(TY.contact_service)).toBeNull());
  });

  it('sends a visitor to log in and turns a free-trial account away', async () => {
    scriptApi(requestMock, referralApi());
    const visitor = renderApp('/m/inviteFriends', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/m/login'));
    cleanup();
    storeSession({ type: 4 });
    const trial = renderApp(['/m/home', '/m/inviteFriends'], { tenant: tenantWithBaseScreens() });
    // A real-account function (spec section 8): the trial member is asked for an actual account.
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    await waitFor(() => expect(trial.router.state.location.pathname).toBe('/m/home'));
    expect(requestMock).not.toHaveBeenCalledWith('GET', '/wps/member/referral', expect.anything());
  });
});
