// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, request } from '../../../src/lib/api/client';
import { feedbackStore } from '../../../src/lib/feedback';
import { backTarget, frameRoute, launchBody, launchGame, lotteryParams, targetFromQuery, type LaunchTarget } from '../../../src/features/games/launch';
import { clearSession, sessionStore } from '../../../src/lib/session';

vi.mock('../../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const requestMock = vi.mocked(request);

const SLOT: LaunchTarget = { vassalage: 'NEONSPIN', nodeId: '10149', gameId: 'NEONSPIN-069', supportPlay: false };
const FREE: LaunchTarget = { ...SLOT, supportPlay: true };

function fakeWindow() {
  return { closed: false, location: { href: 'about:blank' }, close: vi.fn() } as unknown as Window & { location: { href: string } };
}

function member() {
  sessionStore.info = { token: 'tok', merchantCode: 'm', userName: 'juan', type: 0, firstTimeLogin: false };
}

beforeEach(() => {
  clearSession();
  requestMock.mockReset();
});

afterEach(() => {
  feedbackStore.toasts.splice(0);
});

describe('launchGame', () => {
  it('opens the window synchronously, before the launch call, then points it at the URL', async () => {
    member();
    const order: string[] = [];
    const win = fakeWindow();
    const open = vi.fn(() => {
      order.push('open');
      return win;
    });
    requestMock.mockImplementation(async (method, path) => {
      order.push(`${method} ${path}`);
      return path === '/wps/game/launch' ? { url: '/wps/game/vendor/play?vendor=NEONSPIN', mode: 'real' } : true;
    });
    const navigate = vi.fn();
    const pending = launchGame(SLOT, { navigate, open, language: 'TY', returnUrl: '/m/gameList?gameType=RNG', onReturn: () => {} });
    // Synchronously: the window is open and no request has been awaited yet.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(order[0]).toBe('open');
    await expect(pending).resolves.toBe('window');
    expect(win.location.href).toBe(new URL('/wps/game/vendor/play?vendor=NEONSPIN', window.location.href).toString());
    const launchCall = requestMock.mock.calls.find((c) => c[1] === '/wps/game/launch');
    expect(launchCall?.[2]?.body).toEqual({
      vendor: 'NEONSPIN',
      nodeId: '10149',
      supportPlay: false,
      platform: 'html5',
      language: 'TY',
      returnUrl: '/m/gameList?gameType=RNG',
    });
    // A recent play is recorded.
    expect(requestMock.mock.calls.some((c) => c[1] === '/wps/game/recent/add' && c[2]?.query?.nodeId === '10149')).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("popup blocked: 'popup_blocked' toast and the in-page frame route", async () => {
    member();
    const navigate = vi.fn();
    const outcome = await launchGame(SLOT, { navigate, open: () => null, returnUrl: '/m/gameList?gameType=RNG' });
    expect(outcome).toBe('frame');
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('popup_blocked');
    expect(navigate).toHaveBeenCalledTimes(1);
    const to = new URL(navigate.mock.calls[0][0] as string, 'http://x');
    expect(to.pathname).toBe('/m/launchGame');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      vendor: 'NEONSPIN',
      nodeId: '10149',
      gameId: 'NEONSPIN-069',
      supportPlay: '0',
      returnUrl: '/m/gameList?gameType=RNG',
    });
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('sends a visitor to /m/login unless the game supports free play', async () => {
    const navigate = vi.fn();
    const open = vi.fn(() => fakeWindow());
    await expect(launchGame(SLOT, { navigate, open })).resolves.toBe('login');
    expect(navigate).toHaveBeenCalledWith('/m/login');
    expect(open).not.toHaveBeenCalled();

    requestMock.mockResolvedValue({ url: '/wps/game/vendor/play?mode=fun', mode: 'fun' });
    await expect(launchGame(FREE, { navigate, open, onReturn: () => {} })).resolves.toBe('window');
    expect(open).toHaveBeenCalledTimes(1);
    // Visitors record no recent play.
    expect(requestMock.mock.calls.every((c) => c[1] !== '/wps/game/recent/add')).toBe(true);
  });

  it('closes the window and shows the failure; an expired session goes to /m/login', async () => {
    member();
    const win = fakeWindow();
    requestMock.mockRejectedValueOnce(new ApiFailure('not.found', 'err_not_found', 404));
    await expect(launchGame(SLOT, { navigate: vi.fn(), open: () => win })).resolves.toBe('failed');
    expect(win.close).toHaveBeenCalled();
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('err_not_found');

    const navigate = vi.fn();
    requestMock.mockRejectedValueOnce(new ApiFailure('session.required', 'not_logged_in', 401));
    await expect(launchGame(SLOT, { navigate, open: () => fakeWindow() })).resolves.toBe('login');
    expect(navigate).toHaveBeenCalledWith('/m/login');
  });

  it('lets the host handle a failure (a member without a password)', async () => {
    member();
    requestMock.mockRejectedValueOnce(new ApiFailure('password.not.set', 'err_password_not_set', 400));
    const onFailure = vi.fn(() => true);
    await launchGame(SLOT, { navigate: vi.fn(), open: () => fakeWindow(), onFailure });
    expect(onFailure).toHaveBeenCalled();
    expect(feedbackStore.toasts).toHaveLength(0);
  });
});

describe('lottery launch parameters (spec section 7, route /m/launchGame)', () => {
  it('TCG_LOTTO_VN, TCG_SEA, LOTT and ELOTT use playType trad, prize_mode, code (default lobby), pageBack=home', () => {
    for (const vendor of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT']) {
      expect(lotteryParams({ vendor, prizeMode: 'Lott' })).toEqual({ playType: 'trad', prize_mode: 'Lott', code: 'lobby', pageBack: 'home' });
    }
    expect(lotteryParams({ vendor: 'NEONSPIN' })).toBeNull();
  });

  it('ent when lottoMode contains Entertainment; the game code when there is one', () => {
    expect(lotteryParams({ vassalage: 'ELOTT', prizeMode: 'Elott', lottoMode: 'Tradition,Entertainment', gameId: 'ELOTT-007' })).toEqual({
      playType: 'ent',
      prize_mode: 'Elott',
      code: 'ELOTT-007',
      pageBack: 'home',
    });
  });

  it('the frame route carries them, and reads back to the same launch', () => {
    const route = frameRoute({ vendor: 'TCG_SEA', prizeMode: 'ZY', lottoMode: 'Tradition' }, '/m/lottery');
    const q = new URL(route, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ vendor: 'TCG_SEA', playType: 'trad', prize_mode: 'ZY', code: 'lobby', pageBack: 'home', returnUrl: '/m/lottery' });
    // pageBack=home: the way back leads home.
    expect(backTarget(q)).toBe('/m/home');
    const target = targetFromQuery(q);
    expect(lotteryParams(target)).toEqual({ playType: 'trad', prize_mode: 'ZY', code: 'lobby', pageBack: 'home' });
    // The lobby is the vendor alone; a code names the game.
    expect(launchBody(target)).toEqual({ vendor: 'TCG_SEA', platform: 'html5' });
    expect(launchBody({ vendor: 'LOTT', code: 'LOTT-003' })).toEqual({ vendor: 'LOTT', platform: 'html5', gameId: 'LOTT-003' });
  });

  it("the spec's lottery form without a vendor opens the lottery the tenant offers", () => {
    const q = new URLSearchParams('playType=trad&prize_mode=Lott&code=lobby&pageBack=home');
    expect(targetFromQuery(q, ['RNG1', 'TCG_SEA', 'LOTT']).vendor).toBe('LOTT');
    expect(targetFromQuery(new URLSearchParams('playType=ent&prize_mode=Elott'), ['LOTT', 'ELOTT']).vendor).toBe('ELOTT');
    // No list: every vendor is offered; the prize mode's vendor first.
    expect(targetFromQuery(q).vendor).toBe('LOTT');
    expect(targetFromQuery(new URLSearchParams('playType=trad')).vendor).toBe('TCG_LOTTO_VN');
    // A tenant without a lottery: nothing to open; a query without the lottery form neither.
    expect(targetFromQuery(q, ['RNG1']).vendor).toBe('');
    expect(targetFromQuery(new URLSearchParams('nodeId=3')).vendor).toBe('');
    expect(launchBody(targetFromQuery(q, ['LOTT']))).toEqual({ vendor: 'LOTT', platform: 'html5' });
  });

  it('never passes another origin as the return URL', () => {
    expect(launchBody({ vendor: 'X1' }, { returnUrl: '//evil.example/x' }).returnUrl).toBeUndefined();
    expect(backTarget(new URLSearchParams('returnUrl=https://evil.example'))).toBe('/m/home');
    expect(backTarget(new URLSearchParams('returnUrl=/m/gameList?gameType=FISH'))).toBe('/m/gameList?gameType=FISH');
  });
});
