import { describe, expect, it } from 'vitest';
import {
  backTarget,
  BACK_SWIPE_MIN_PX,
  formatAmount,
  headerLead,
  headerTitleKey,
  historyCanGoBack,
  isBackSwipe,
  isFooterHidden,
  isHeaderHidden,
  isRouteAllowed,
  isRouteGateOpen,
  isRouteOpen,
  isStickyActive,
  isTallIphoneShell,
  isTrialMember,
  joinedDays,
  loginPromptFor,
  referralLink,
} from '../../src/lib/layout-rules';
import { ROUTES, routeById, type RouteDef } from '../../src/lib/routes';

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

describe('route whitelist, login prompt, member rules', () => {
  it('allows whitelisted routes, home and maintenance', () => {
    expect(isRouteAllowed('/m/mine', ['/m/mine'])).toBe(true);
    expect(isRouteAllowed('/m/rewardCenter', ['/m/mine'])).toBe(false);
    expect(isRouteAllowed('/m/home', [])).toBe(true);
    expect(isRouteAllowed('/m/maintenance', [])).toBe(true);
  });

  it('opens a gated route only when its flag is on, and only when whitelisted', () => {
    const pnl: RouteDef = routeById('profitandloss');
    const whitelist = ['/m/profitandloss', '/m/mine'];
    expect(pnl.gate).toEqual({ flag: 'PERSREP' });
    expect(isRouteGateOpen(pnl, { PERSREP: true })).toBe(true);
    expect(isRouteGateOpen(pnl, { PERSREP: false })).toBe(false);
    // A flag the tenant does not name is off; another flag does not open it.
    expect(isRouteGateOpen(pnl, {})).toBe(false);
    expect(isRouteGateOpen(pnl, { TRANSREC3: true, DEPRECM3: true })).toBe(false);
    expect(isRouteOpen(pnl, whitelist, { PERSREP: true })).toBe(true);
    expect(isRouteOpen(pnl, whitelist, { PERSREP: false })).toBe(false);
    expect(isRouteOpen(pnl, ['/m/mine'], { PERSREP: true })).toBe(false);
    // A route without a gate follows the whitelist alone; home always opens.
    expect(isRouteOpen(routeById('mine'), whitelist, {})).toBe(true);
    expect(isRouteOpen(routeById('home'), [], {})).toBe(true);
  });

  it('opens mission activity only when the tenant enables MISSION promotions', () => {
    const board: RouteDef = routeById('leaderBoard');
    expect(board.gate).toEqual({ promo: 'MISSION' });
    expect(isRouteGateOpen(board, {}, { promotions: ['REFERRAL', 'MISSION'] })).toBe(true);
    expect(isRouteGateOpen(board, {}, { promotions: ['REFERRAL'] })).toBe(false);
    expect(isRouteGateOpen(board, {})).toBe(false);
    expect(isRouteOpen(board, ['/m/leaderBoard'], {}, { promotions: ['MISSION'] })).toBe(true);
    expect(isRouteOpen(board, [], {}, { promotions: ['MISSION'] })).toBe(false);
  });

  it('gates the eight money entries of the member centre, and the reward, message and feedback centres, on their flags (spec section 2)', () => {
    const gates = Object.fromEntries((ROUTES as readonly RouteDef[]).filter((r) => r.gate?.flag).map((r) => [r.id, r.gate?.flag]));
    expect(gates).toEqual({
      webEmail: 'MAILCEN',
      rewardCenter: 'REWCEN3',
      feedback: 'FEEDBACK3',
      vouReport: 'DEPRECM3',
      withdrawReport: 'WITHREC3',
      transactionRecord: 'TRANSREC3',
      gameRecord: 'TRANSBETREPMEM3',
      profitandloss: 'PERSREP',
      uplineTransfer: 'AGETRANSFERUP3',
      manualRebate: 'MANPLAYREB3',
      rebateReport: 'PLYRBT',
    });
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

  describe('amounts without Intl', () => {
    const intl = (value: number, digits: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    /** A small seeded generator (mulberry32): the same values on every run. */
    const seeded = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };

    it('groups thousands and fixes the decimals', () => {
      expect(formatAmount(1234567)).toBe('1,234,567');
      expect(formatAmount(1234.5, 2)).toBe('1,234.50');
      expect(formatAmount(-1234.5, 2)).toBe('-1,234.50');
      expect(formatAmount(999, 0)).toBe('999');
      expect(formatAmount(0.005, 2)).toBe('0.01');
      expect(formatAmount(999.995, 2)).toBe('1,000.00');
      expect(formatAmount(1e15, 2)).toBe('1,000,000,000,000,000.00');
      // The shortest decimal form is rounded, as ICU does (toFixed gives 1.00 and 2.67).
      expect(formatAmount(1.005, 2)).toBe('1.01');
      expect(formatAmount(2.675, 2)).toBe('2.68');
    });

    const edges = [
      0, -0, 0.005, -0.005, 0.5, -0.5, 1.5, 2.5, 1.005, 2.675, 9.995, 99.995, 999.995, 999999.995, -999.995, 0.0049, 0.001, -0.001,
      1e15, -1e15, 1e16, 1e21, 1.5e22, 1e300, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 5e-324, -5e-324, 1e-7, 1.5e-7, 123e-20,
      200_000_000, 990_000_000, 1234567.891, NaN, Infinity, -Infinity,
    ];

    it('matches toLocaleString on edge cases', () => {
      for (const value of edges) for (const digits of [0, 1, 2, 3, 6, 20]) expect([value, digits, formatAmount(value, digits)]).toEqual([value, digits, intl(value, digits)]);
    });

    it('matches toLocaleString on many random amounts, halves included', () => {
      // toLocaleString builds a NumberFormat per call; the same format, made once per digit count, is much faster.
      const formats = [0, 1, 2, 3].map((d) => new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
      const intl = (value: number, digits: number) => formats[digits].format(value);
      const random = seeded(20240611);
      const misses: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const magnitude = Math.floor(random() * 36) - 10;
        let value = random() * 10 ** magnitude * (random() < 0.3 ? -1 : 1);
        // Amounts in cents and exact halves at the rounding digit, where rounding rules differ.
        if (i % 3 === 1) value = Math.round(value * 100) / 100;
        if (i % 3 === 2) value = (Math.round(value * 100) + 0.5) / 100;
        for (const digits of [0, 1, 2, 3]) {
          const ours = formatAmount(value, digits);
          if (ours !== intl(value, digits)) misses.push(`${value} (${digits}): ${ours} vs ${intl(value, digits)}`);
        }
      }
      expect(misses).toEqual([]);
    });

    it('whole amounts match the default toLocaleString', () => {
      const random = seeded(7);
      for (let i = 0; i < 2000; i++) {
        const value = Math.floor(random() * 10 ** Math.floor(random() * 16)) * (i % 5 === 0 ? -1 : 1);
        expect(formatAmount(value)).toBe(value.toLocaleString('en-US'));
      }
    });
  });

  it('builds the referral link to registration with the code', () => {
    expect(referralLink('demo-ph.localhost:8181', 'demoplayer')).toBe('https://demo-ph.localhost:8181/m/register?affiliateCode=demoplayer');
    expect(referralLink('x.example', 'a b')).toBe('https://x.example/m/register?affiliateCode=a%20b');
  });
});
