// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '../../src/lib/i18n';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  // Self-contained: a factory that imported app code would load the real client for it.
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request, swrFetcher: ([path, query]: [string, unknown]) => request('GET', path, { query }) };
});

import { request } from '../../src/lib/api/client';
import { appRoutes } from '../../src/app/router';
import { ROUTE_TITLES } from '../../src/app/route-titles';
import { SCREEN_MODULES } from '../../src/app/screen-modules';
import type { Tenant } from '../../src/generated/tenant';
import type { StartupSettings } from '../../src/lib/app-config';
import { isTranslationKey } from '../../src/lib/i18n-keys';
import {
  BACK_TO_HOME,
  FOOTER_HIDDEN,
  HEADER_HIDDEN,
  HEADER_TITLES,
  MEMBER_CENTRE_PATHS,
} from '../../src/lib/layout-rules';
import { href, KNOWN_PATHS, pathsOf, ROUTE_IDS, ROUTES, routeFor, type RouteDef, type RouteId } from '../../src/lib/routes';
import { mergePatch, type Json } from '../../src/lib/merge-patch';
import { testI18n, TY } from '../renderer/harness';
import { ALL_PATHS, memberApi, repoTenant, resetSession, scriptApi, storeSession, tenantWith, tenantWithBaseScreens } from './helpers';

const requestMock = vi.mocked(request);

beforeEach(() => scriptApi(requestMock, memberApi()));

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

const MANIFEST: readonly RouteDef[] = ROUTES;

/** Renders the routes built from `manifest` in a memory router, as the app does. */
function renderRoutes(path: string, tenant: Tenant, manifest: readonly RouteDef[] = ROUTES, startup: StartupSettings = {}) {
  const router = createMemoryRouter(appRoutes({ tenant, startup }, manifest), { initialEntries: [path] });
  render(
    <I18nProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('the route manifest', () => {
  it('gives every route a unique id, a title in the locales and one owner per path', () => {
    expect(ROUTE_IDS.size).toBe(MANIFEST.length);
    for (const r of MANIFEST) {
      expect(isTranslationKey(r.title), r.id).toBe(true);
      if (r.headerTitle) expect(isTranslationKey(r.headerTitle), r.id).toBe(true);
      expect(ROUTE_TITLES[r.id as keyof typeof ROUTE_TITLES]).toBe(r.title);
    }
    const paths = MANIFEST.flatMap(pathsOf);
    expect(new Set(paths).size).toBe(paths.length);
    expect(KNOWN_PATHS.size).toBe(paths.length);
    for (const r of MANIFEST) for (const p of pathsOf(r)) expect(routeFor(p)?.id).toBe(r.id);
  });

  it('renders each route one way: a tenant screen, a screen module or the placeholder', () => {
    for (const r of MANIFEST) {
      expect(r.screen !== undefined && r.module !== undefined, r.id).toBe(false);
      if (r.module !== undefined) expect(SCREEN_MODULES[r.module], r.id).toBeDefined();
    }
  });

  it('renews the session on the money, records, engagement and limits screens only', () => {
    const renewing = MANIFEST.filter((r) => 'renew' in r && r.renew).map((r) => r.id);
    expect(renewing.sort()).toEqual(
      ['feedback', 'gameRecord', 'leaderBoard', 'limits', 'manualRebate', 'profitandloss', 'rebateReport', 'rewardCenter', 'statement', 'transactionRecord', 'uplineTransfer', 'vouReport', 'webEmail', 'withdraw', 'withdrawReport'].sort(),
    );
  });

  it('keeps the screens of the app before the manifest on their tenant screens and modules', () => {
    const rendering = Object.fromEntries(MANIFEST.filter((r) => r.screen ?? r.module).map((r) => [r.id, r.screen ?? `module:${r.module}`]));
    expect(rendering).toEqual({
      home: 'module:home',
      login: 'login',
      register: 'register',
      forget: 'forget',
      changePsw: 'changePsw',
      set: 'set',
      mine: 'module:memberCentre',
      benefits: 'benefits',
      voucherCenter: 'module:deposit',
      withdraw: 'withdraw',
      securityCenter: 'module:securityCenter',
      uplineTransfer: 'uplineTransfer',
      manualRebate: 'manualRebate',
      rewardCenter: 'rewardCenter',
      leaderBoard: 'leaderBoard',
      rebateReport: 'rebateReport',
      transactionRecord: 'transactionRecord',
      gameRecord: 'gameRecord',
      profitandloss: 'profitandloss',
      vouReport: 'vouReport',
      withdrawReport: 'withdrawReport',
      launchGame: 'module:launchGame',
      lottery: 'module:gameList',
      gameList: 'module:gameList',
      gameLobby: 'module:gameList',
      gameCenter: 'module:gameList',
      slotsCenter: 'module:gameList',
      moreLottery: 'module:gameList',
      startLottery: 'module:startLottery',
      help: 'help',
      helpDetail: 'help',
      activity: 'activity',
      activityInfo: 'activityInfo',
      maintenance: 'module:maintenance',
      webEmail: 'webEmail',
      feedback: 'feedback',
      inviteFriends: 'module:inviteFriends',
      limits: 'limits',
      statement: 'statement',
      agent: 'module:agentHome',
      redRain: 'module:redRain',
      notice: 'notice',
      memberNotice: 'memberNotice',
      teamOverview: 'teamOverview',
      memberTeam: 'memberTeam',
      teamPnl: 'teamPnl',
      teamBetting: 'teamBetting',
      winnerPage: 'winnerPage',
      trail: 'trail',
      service: 'service',
      useragreement: 'useragreement',
      download: 'module:download',
      responsibleGaming: 'responsibleGaming',
      selfExclusion: 'selfExclusion',
      realityCheck: 'realityCheck',
      agentRegister: 'agentRegister',
      agentRebeat: 'agentRebeat',
      teamRebate: 'teamRebate',
      agentDivident: 'agentDivident',
      salaryContract: 'salaryContract',
      dividendContract: 'dividendContract',
      hourContract: 'hourContract',
    });
  });

  it('guards the member centre, settings and change password as before, and deposit as the member centre', () => {
    const guards = Object.fromEntries(MANIFEST.filter((r) => r.guard).map((r) => [r.id, r.guard]));
    // Deposit turns free-trial accounts away as the member centre does (the server refuses them: trial.forbidden).
    // So do the member's records (the server refuses a visitor: session.required).
    expect(guards).toEqual({
      mine: 'memberCentre',
      benefits: 'memberCentre',
      voucherCenter: 'memberCentre',
      withdraw: 'memberCentre',
      securityCenter: 'memberCentre',
      uplineTransfer: 'memberCentre',
      manualRebate: 'memberCentre',
      rewardCenter: 'memberCentre',
      rebateReport: 'memberCentre',
      transactionRecord: 'memberCentre',
      gameRecord: 'memberCentre',
      profitandloss: 'memberCentre',
      vouReport: 'memberCentre',
      withdrawReport: 'memberCentre',
      set: 'session',
      memberNotice: 'session',
      teamOverview: 'session',
      memberTeam: 'session',
      teamPnl: 'session',
      teamBetting: 'session',
      changePsw: 'session',
      webEmail: 'session',
      feedback: 'session',
      inviteFriends: 'session',
      selfExclusion: 'session',
      realityCheck: 'session',
      limits: 'session',
      statement: 'session',
      agent: 'session',
      redRain: 'session',
      agentDivident: 'session',
      salaryContract: 'session',
      dividendContract: 'session',
      hourContract: 'session',
    });
  });
});

describe('layout lists derived from the manifest', () => {
  const sorted = (list: readonly string[]) => [...list].sort();
  // The lists as the layout rules wrote them out before the manifest: the manifest must give the
  // same pages. An alias now shares its route's layout, which adds the two register aliases.
  const REGISTER_ALIASES = ['/register.html', '/m/register.html'];

  it('header hidden', () => {
    const before = ['/m/login', '/m/register', '/m/mine', '/m/member/home', '/m/agent', '/m/help'];
    expect(sorted(HEADER_HIDDEN)).toEqual(sorted([...before, ...REGISTER_ALIASES]));
  });

  it('back always home', () => {
    const before = ['/m/login', '/m/register', '/m/trail', '/m/notice', '/m/forget', '/m/activity'];
    expect(sorted(BACK_TO_HOME)).toEqual(sorted([...before, ...REGISTER_ALIASES]));
  });

  it('footer hidden', () => {
    const before = [
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
      '/m/member/home',
      '/m/winnerPage',
    ];
    expect(sorted(FOOTER_HIDDEN)).toEqual(sorted([...before, ...REGISTER_ALIASES]));
  });

  it('header titles and member-centre paths', () => {
    expect(HEADER_TITLES).toEqual({
      '/m/activity': 'activity_centre',
      '/m/forget': 'forgot_password',
      '/m/trail': 'free_trial',
      '/m/notice': 'notice',
      '/m/gameCenter': 'game_centre',
      '/m/gameLobby': 'game_centre',
      '/m/slotsCenter': 'cat_RNG',
      '/m/webEmail': 'message_center',
      '/m/set': 'personal_settings',
      '/m/help': 'help_center',
      '/m/helpDetail': 'help_center',
      '/m/leaderBoard': 'leaderboard',
      '/m/responsibleGaming': 'rg_title',
      '/m/member/selfExclusion': 'exclusion_title',
      '/m/member/realityCheck': 'reality_title',
    });
    expect(sorted(MEMBER_CENTRE_PATHS)).toEqual(
      sorted([
        '/m/member/home',
        '/m/mine',
        '/m/member/benefits',
        '/m/securityCenter',
        '/m/voucherCenter',
        '/m/withdraw',
        '/m/transaction/record',
        '/m/gameRecord',
        '/m/profitandloss',
        '/m/member/manualRebate',
        '/m/member/rebateReport',
        '/m/rewardCenter',
        '/m/upLine/transfer',
        '/m/vouReport',
        '/m/withdrawReport',
      ]),
    );
  });
});

describe('a screen that is only a node tree', () => {
  const PROMO_PATH = '/m/promoDetail';
  const promoRoute: RouteDef = { id: 'promoDetail', path: PROMO_PATH, aliases: ['/m/promo'], title: 'promotions', screen: 'promoDetail' };
  const manifest: readonly RouteDef[] = [...ROUTES, promoRoute];

  function promoTenant(patch: Json = {}): Tenant {
    const base = tenantWith({ routes: { whitelist: [...ALL_PATHS, PROMO_PATH] } });
    const screens = {
      screens: {
        promoDetail: {
          slots: {
            main: {
              items: { deposit: { widget: 'nav-item', props: { label: 'deposit', to: '/m/voucherCenter', icon: 'deposit' } } },
              order: ['deposit'],
            },
          },
        },
      },
    };
    return mergePatch(mergePatch(base as unknown as Json, screens as Json), patch) as unknown as Tenant;
  }

  it('renders through the router builder from a manifest entry and the tenant data alone', async () => {
    renderRoutes(PROMO_PATH, promoTenant(), manifest);
    const main = await waitFor(() => {
      const el = document.querySelector('main.screen--promoDetail');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(main.className).toBe('screen screen--promoDetail');
    expect(within(main).getByRole('link', { name: TY.deposit }).getAttribute('href')).toBe('/m/voucherCenter');
  });

  it('its alias redirects to it, keeping query and hash', async () => {
    const router = renderRoutes('/m/promo?id=7#terms', promoTenant(), manifest);
    await waitFor(() => expect(router.state.location.pathname).toBe(PROMO_PATH));
    expect(router.state.location.search).toBe('?id=7');
    expect(router.state.location.hash).toBe('#terms');
  });

  it('matches the path spellings the router always matched: any case, a trailing slash, escapes', async () => {
    for (const spelling of ['/m/PROMODETAIL', '/m/promoDetail/', '/m/%70romoDetail']) {
      const router = renderRoutes(spelling, promoTenant(), manifest);
      expect(await screen.findByRole('link', { name: TY.deposit }), spelling).toBeTruthy();
      expect(router.state.location.pathname, spelling).toBe(spelling);
      cleanup();
    }
  });

  it('sends a path no route has, or one below a route, home', async () => {
    for (const path of ['/m/noSuchScreen', '/m/promoDetail/extra', '/elsewhere']) {
      const router = renderRoutes(path, promoTenant(), manifest);
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/m/home'));
      cleanup();
    }
  });

  it('mounts the next screen when the path changes', async () => {
    const router = renderRoutes(PROMO_PATH, promoTenant(), manifest);
    expect(await screen.findByRole('link', { name: TY.deposit })).toBeTruthy();
    await router.navigate('/m/noSuchScreen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(document.querySelector('main.screen--promoDetail')).toBeNull();
  });

  it('is the empty-state placeholder for a tenant without that screen', async () => {
    renderRoutes(PROMO_PATH, tenantWith({ routes: { whitelist: [...ALL_PATHS, PROMO_PATH] } }), manifest);
    expect(await screen.findByText(TY.no_data)).toBeTruthy();
    expect(document.querySelector('main.screen--placeholder')).not.toBeNull();
  });

  it('leads home when the tenant does not whitelist it', () => {
    const router = renderRoutes(PROMO_PATH, promoTenant({ routes: { whitelist: ALL_PATHS } }), manifest);
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('leads home while its flag is off, by the tenant file or by the server\'s startup flags', async () => {
    const flagged: RouteDef = { ...promoRoute, aliases: [], gate: { flag: 'REWCEN3' } };
    const withFlag = [...ROUTES, flagged];
    let router = renderRoutes(PROMO_PATH, promoTenant({ flags: { REWCEN3: false } }), withFlag);
    expect(router.state.location.pathname).toBe('/m/home');
    cleanup();
    router = renderRoutes(PROMO_PATH, promoTenant({ flags: { REWCEN3: true } }), withFlag, { info: { whitelabel: { REWCEN3: false } } });
    expect(router.state.location.pathname).toBe('/m/home');
    cleanup();
    router = renderRoutes(PROMO_PATH, promoTenant({ flags: { REWCEN3: true } }), withFlag);
    expect(await screen.findByRole('link', { name: TY.deposit })).toBeTruthy();
    expect(router.state.location.pathname).toBe(PROMO_PATH);
  });

  it('for some member types only: a visitor and other types go home, those types see it', async () => {
    const agentsOnly: RouteDef = { ...promoRoute, aliases: [], guard: 'session', memberTypes: [1, 2] };
    const only = [...ROUTES, agentsOnly];
    let router = renderRoutes(PROMO_PATH, promoTenant(), only);
    expect(router.state.location.pathname).toBe('/m/home');
    cleanup();

    storeSession({ type: 0 });
    router = renderRoutes(PROMO_PATH, promoTenant(), only);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    cleanup();

    storeSession({ type: 1 });
    router = renderRoutes(PROMO_PATH, promoTenant(), only);
    expect(await screen.findByRole('link', { name: TY.deposit })).toBeTruthy();
    expect(router.state.location.pathname).toBe(PROMO_PATH);
  });
});

describe('the shipped node-tree screens keep their page', () => {
  it.each([
    ['/m/login', 'screen screen--form screen--login', TY.login],
    ['/m/register', 'screen screen--form screen--register', TY.register],
    ['/m/help', 'screen screen--help', TY.help_center],
  ])('%s: its classes and, with the shell header hidden, its own page bar', async (path, classes, title) => {
    renderRoutes(path, tenantWithBaseScreens());
    const main = await waitFor(() => {
      const el = document.querySelector('main.screen');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(main.className).toBe(classes);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it.each([
    ['/m/forget', 'screen screen--form screen--forget'],
    ['/m/helpDetail', 'screen screen--help'],
  ])('%s: its classes under the shell header', async (path, classes) => {
    renderRoutes(path, tenantWithBaseScreens());
    const main = await waitFor(() => {
      const el = document.querySelector('main.screen');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(main.className).toBe(classes);
    expect(document.querySelector('.shell > .app-header')).not.toBeNull();
  });

  it('settings and change password, for a member, read screens.set and screens.changePsw', async () => {
    storeSession();
    renderRoutes('/m/set', tenantWithBaseScreens());
    const settings = await screen.findByRole('link', { name: TY.change_password });
    expect(settings.closest('main')?.className).toBe('screen screen--settings');
    cleanup();

    storeSession();
    renderRoutes('/m/changePsw', tenantWithBaseScreens());
    await waitFor(() => expect(document.querySelector('main.screen')?.className).toBe('screen screen--form screen--changePsw'));
  });
});

describe('routes behind a tenant flag', () => {
  const SCREENS: Record<string, string> = {
    '/m/profitandloss': 'screen--profitandloss',
    '/m/upLine/transfer': 'screen--uplineTransfer',
    '/m/member/manualRebate': 'screen--manualRebate',
    '/m/member/rebateReport': 'screen--rebateReport',
  };

  /** Renders `path` and records whether the screen's main element was ever in the page. */
  function renderWatched(path: string, tenant: Tenant, startup = {}) {
    let flashed = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector(`main.${SCREENS[path]}`)) flashed = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const router = createMemoryRouter(appRoutes({ tenant, startup }, ROUTES), { initialEntries: [path] });
    render(
      <I18nProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    return {
      router,
      flashed: () => {
        observer.disconnect();
        return flashed || document.querySelector(`main.${SCREENS[path]}`) !== null;
      },
    };
  }

  it.each(Object.keys(SCREENS))('demo-en has the flag of %s off: a member typing it is led home, replacing the entry, without the screen', async (path) => {
    storeSession();
    const { router, flashed } = renderWatched(path, repoTenant('demo-en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(router.state.historyAction).toBe('REPLACE');
    await screen.findByRole('main');
    expect(flashed()).toBe(false);
    // Nothing of the closed screen was asked of the server.
    const asked = requestMock.mock.calls.map((c) => String(c[1]));
    expect(asked.filter((p) => /\/wps\/(rebates|transfers|records)/.test(p))).toEqual([]);
  });

  it.each(Object.keys(SCREENS))('demo-ph has the flag of %s on: the screen shows', async (path) => {
    storeSession();
    const { router } = renderWatched(path, repoTenant('demo-ph'));
    await waitFor(() => expect(document.querySelector(`main.${SCREENS[path]}`)).not.toBeNull());
    expect(router.state.location.pathname).toBe(path);
  });

  it("follows the server's startup flags over the tenant file's", async () => {
    storeSession();
    const tenant = repoTenant('demo-ph');
    const { router } = renderWatched('/m/profitandloss', tenant, { info: { whitelabel: { ...tenant.flags, PERSREP: false } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });

  it('leads a visitor home too, and the deposit and withdrawal records follow DEPRECM3 and WITHREC3', async () => {
    const off = tenantWith({ flags: { DEPRECM3: false, WITHREC3: false } });
    for (const path of ['/m/vouReport', '/m/withdrawReport']) {
      const router = renderRoutes(path, off);
      await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
      cleanup();
    }
    const on = tenantWith({ flags: { DEPRECM3: true, WITHREC3: true } });
    storeSession();
    const router = renderRoutes('/m/withdrawReport', on);
    await waitFor(() => expect(document.querySelector('main.screen--withdrawReport')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/m/withdrawReport');
  });
});

describe('href', () => {
  it('builds a link from a route id and the query the route takes', () => {
    expect(href('home')).toBe('/m/home');
    expect(href('trail')).toBe('/m/trail');
    expect(href('agentDivident')).toBe('/m/member/agent/agentDivident');
    expect(href('securityCenter', { view: 'identity' })).toBe('/m/securityCenter?view=identity');
    expect(href('slotsCenter', { vassalage: 'A B&C' })).toBe('/m/slotsCenter?vassalage=A%20B%26C');
    expect(href('gameRecord', { bet: 12, range: undefined })).toBe('/m/gameRecord?bet=12');
    for (const route of MANIFEST) expect(href(route.id as RouteId)).toBe(route.path);
  });

  it('refuses an unknown route id or a parameter the route does not take (typecheck)', () => {
    // @ts-expect-error not a route id of the manifest
    expect(() => href('nowhere')).toThrow();
    // @ts-expect-error the home route takes no query
    expect(href('home', { view: 'x' })).toBe('/m/home?view=x');
    // @ts-expect-error the security centre's parameter is `view`
    expect(href('securityCenter', { tab: 'x' })).toBe('/m/securityCenter?tab=x');
  });
});
