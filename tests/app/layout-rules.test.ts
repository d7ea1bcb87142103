import { describe, expect, it } from 'vitest';
import {
  backTarget,
  BACK_SWIPE_MIN_PX,
  formatBalance,
  headerLead,
  headerTitleKey,
  historyCanGoBack,
  isBackSwipe,
  isFooterHidden,
  isHeaderHidden,
  isRouteAllowed,
  isStickyActive,
  isTallIphoneShell,
  isTrialMember,
  joinedDays,
  loginPromptFor,
  referralLink,
  startupView,
} from '../../src/lib/layout-rules';
import { ROUTES } from '../../src/lib/routes';

const ALL_PATHS = ROUTES.map((r) => r.path);

describe('header visibility (spec section 2)', () => {
  const hidden = ['/m/login', '/m/register', '/m/mine', '/m/agent', '/m/help'];

  it.each(hidden)('hidden on %s', (path) => {
    expect(isHeaderHidden(path)).toBe(true);
  });

  it('hidden on the member-centre alias and with a trailing slash or query', () => {
    expect(isHeaderHidden('/m/member/home')).toBe(true);
    expect(isHeaderHidden('/m/login/')).toBe(true);
    expect(isHeaderHidden('/m/help?i=2')).toBe(true);
  });

  it('shown on every other route of the table', () => {
    const shown = ALL_PATHS.filter((p) => !hidden.includes(p));
    expect(shown.length).toBe(ALL_PATHS.length - hidden.length);
    for (const path of shown) expect(isHeaderHidden(path), path).toBe(false);
  });

  it('shows the logo on home and a back arrow elsewhere', () => {
    expect(headerLead('/m/home')).toBe('logo');
    expect(headerLead('/m/home/')).toBe('logo');
    expect(headerLead('/m/notice')).toBe('back');
  });
});

describe('footer visibility (spec section 2)', () => {
  const hidden = [
    '/m/login',
    '/m/register',
    '/m/trail',
    '/m/launchGame',
    '/m/changePsw',
    '/m/notice',
    '/m/activity',
    '/m/forget',
    '/m/service',
    '/m/moreLottery',
    '/m/useragreement',
    '/m/maintenance',
    '/m/agent',
    '/m/mine',
    '/m/winnerPage',
  ];

  it.each(hidden)('hidden on %s', (path) => {
    expect(isFooterHidden(path)).toBe(true);
  });

  it('shown on every other route of the table (home, settings, lists, reports ...)', () => {
    const shown = ALL_PATHS.filter((p) => !hidden.includes(p));
    expect(shown).toContain('/m/home');
    expect(shown).toContain('/m/set');
    for (const path of shown) expect(isFooterHidden(path), path).toBe(false);
  });

  it('hidden on the member-centre alias too', () => {
    expect(isFooterHidden('/m/member/home')).toBe(true);
  });
});

describe('back arrow target', () => {
  it.each(['/m/login', '/m/register', '/m/trail', '/m/notice', '/m/forget', '/m/activity'])('%s goes home', (path) => {
    expect(backTarget(path, true)).toEqual({ kind: 'home' });
    expect(backTarget(path, false)).toEqual({ kind: 'home' });
  });

  it('other pages go one step back in history', () => {
    expect(backTarget('/m/set', true)).toEqual({ kind: 'history' });
    expect(backTarget('/m/webEmail', true)).toEqual({ kind: 'history' });
  });

  it('with no history, home replaces the page', () => {
    expect(backTarget('/m/set', false)).toEqual({ kind: 'replace-home' });
    expect(backTarget('/m/gameList?gameType=RNG', false)).toEqual({ kind: 'replace-home' });
  });

  it('reads react-router history state', () => {
    expect(historyCanGoBack({ idx: 2, key: 'x' })).toBe(true);
    expect(historyCanGoBack({ idx: 0 })).toBe(false);
    expect(historyCanGoBack(null)).toBe(false);
    expect(historyCanGoBack('junk')).toBe(false);
  });
});

describe('header titles', () => {
  it.each([
    ['/m/activity', 'activity_centre'],
    ['/m/forget', 'forgot_password'],
    ['/m/trail', 'free_trial'],
    ['/m/notice', 'notice'],
    ['/m/gameCenter', 'game_centre'],
    ['/m/slotsCenter', 'cat_RNG'],
    ['/m/webEmail', 'message_center'],
    ['/m/set', 'personal_settings'],
    ['/m/help', 'help_center'],
    ['/m/leaderBoard', 'leaderboard'],
  ])('%s shows %s', (path, key) => {
    expect(headerTitleKey(path)).toBe(key);
  });

  it('the change-password page reads "first password" on a first-time login', () => {
    expect(headerTitleKey('/m/changePsw', { firstTimeLogin: true })).toBe('first_password');
    expect(headerTitleKey('/m/changePsw')).toBeNull();
  });

  it('pages the spec names no title for fall back (null)', () => {
    expect(headerTitleKey('/m/withdraw')).toBeNull();
  });
});

describe('gestures, sticky header, tall iPhones', () => {
  it('a back swipe starts at the left edge and travels more than 100 px', () => {
    expect(isBackSwipe({ x: 5, y: 300 }, { x: 5 + BACK_SWIPE_MIN_PX + 1, y: 310 })).toBe(true);
    expect(isBackSwipe({ x: 5, y: 300 }, { x: 5 + BACK_SWIPE_MIN_PX, y: 300 })).toBe(false);
    expect(isBackSwipe({ x: 120, y: 300 }, { x: 300, y: 300 })).toBe(false);
    expect(isBackSwipe({ x: 5, y: 100 }, { x: 150, y: 400 })).toBe(false);
  });

  it('sticky turns on within 100 px of the top', () => {
    expect(isStickyActive(100)).toBe(true);
    expect(isStickyActive(-20)).toBe(true);
    expect(isStickyActive(101)).toBe(false);
  });

  it('the tall-iPhone footer applies only inside the app shell', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';
    expect(isTallIphoneShell({ userAgent: ua, screenHeight: 812, install: 'webclip' })).toBe(true);
    expect(isTallIphoneShell({ userAgent: ua, screenHeight: 926, install: 'app' })).toBe(true);
    expect(isTallIphoneShell({ userAgent: ua, screenHeight: 667, install: 'pwa' })).toBe(false);
    expect(isTallIphoneShell({ userAgent: ua, screenHeight: 812, install: 'browser' })).toBe(false);
    expect(isTallIphoneShell({ userAgent: 'Android', screenHeight: 900, install: 'pwa' })).toBe(false);
  });
});

describe('startup view (spec section 4)', () => {
  it('maintenance wins; region restriction alone is the restricted view', () => {
    expect(startupView({ maintenance: true, regionRestriction: true })).toBe('maintenance');
    expect(startupView({ maintenance: true })).toBe('maintenance');
    expect(startupView({ regionRestriction: true })).toBe('restricted');
    expect(startupView({})).toBe('app');
  });
});

describe('route whitelist, login prompt, member rules', () => {
  it('allows whitelisted routes, home and maintenance', () => {
    expect(isRouteAllowed('/m/mine', ['/m/mine'])).toBe(true);
    expect(isRouteAllowed('/m/rewardCenter', ['/m/mine'])).toBe(false);
    expect(isRouteAllowed('/m/home', [])).toBe(true);
    expect(isRouteAllowed('/m/maintenance', [])).toBe(true);
  });

  it('the member centre asks for login in a dialog, other pages on /m/login', () => {
    expect(loginPromptFor('/m/mine')).toBe('dialog');
    expect(loginPromptFor('/m/member/home')).toBe('dialog');
    expect(loginPromptFor('/m/home')).toBe('page');
  });

  it('type 4 is a trial member', () => {
    expect(isTrialMember(4)).toBe(true);
    expect(isTrialMember(0)).toBe(false);
    expect(isTrialMember(null)).toBe(false);
  });

  it('counts whole days since registration', () => {
    const now = Date.parse('2025-03-31T12:00:00Z');
    expect(joinedDays('2025-03-01T12:00:00Z', now)).toBe(30);
    expect(joinedDays('2025-03-31T11:00:00Z', now)).toBe(0);
    expect(joinedDays('2025-04-02T00:00:00Z', now)).toBe(0);
    expect(joinedDays('not a date', now)).toBe(0);
    expect(joinedDays(undefined, now)).toBe(0);
  });

  it('formats balances with 2 decimals', () => {
    expect(formatBalance(1250.5)).toBe('1,250.50');
    expect(formatBalance(0)).toBe('0.00');
    expect(formatBalance(3.456)).toBe('3.46');
    expect(formatBalance(undefined)).toBe('0.00');
  });

  it('builds the referral link to registration with the code', () => {
    expect(referralLink('demo-ph.localhost:8181', 'demoplayer')).toBe('https://demo-ph.localhost:8181/m/register?affiliateCode=demoplayer');
    expect(referralLink('x.example', 'a b')).toBe('https://x.example/m/register?affiliateCode=a%20b');
  });
});
