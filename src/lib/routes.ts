/**
 * The route manifest of spec section 2: every screen's canonical path and aliases, its title, who
 * may open it, how the shell lays it out and what it renders. The layout rules, the page titles,
 * the router and the tenant validator all read this one table, so a new screen is one entry here
 * (plus, for a screen that is only a node tree, the tenant's `screens.<route id>`).
 * Paths keep the spec's spelling exactly (players' bookmarks depend on them).
 */
import { CONTRACT_EXCLUDED_TYPES, NON_AGENT_TYPES } from '../domain/member-types';
import type { FlagName } from '../generated/tenant';
import type { TranslationKey } from './i18n-keys';

/**
 * Who may open a route. `visitor`: anyone. `session`: members only; a visitor is sent home.
 * `memberCentre`: anyone but free-trial accounts, who are turned away with a notice.
 */
type RouteGuard = 'visitor' | 'session' | 'memberCentre';

/**
 * What a route needs of the tenant: a flag (spec section 2: the member centre's money entries), a
 * setting that must be truthy (a dotted path: `vipBenefit`) or an enabled promotion type
 * (settings.promotions, e.g. MISSION for mission activity). Only tenant settings: the server
 * decides them before any render, so a closed route is known on the server's render as in the
 * browser, for a visitor and a member alike.
 */
type RouteGate =
  | { flag: FlagName; setting?: never; promo?: never }
  | { setting: string; flag?: never; promo?: never }
  | { promo: string; flag?: never; setting?: never };

/**
 * Screens with code of their own, named here because src/lib cannot import features or the app;
 * the app maps each id to its lazily loaded module (home is in the first load).
 */
export type ScreenModuleId =
  | 'home'
  | 'memberCentre'
  | 'deposit'
  | 'securityCenter'
  | 'gameList'
  | 'startLottery'
  | 'launchGame'
  | 'maintenance'
  | 'inviteFriends'
  | 'agentHome'
  | 'redRain'
  | 'download';

/** Member types a route admits: these, or every type but `notIn`. */
export type MemberTypes = readonly number[] | { readonly notIn: readonly number[] };

/** Whether a member type is admitted by a route's `memberTypes`. */
export function admitsMemberType(types: MemberTypes, type: number): boolean {
  return 'notIn' in types ? !types.notIn.includes(type) : types.includes(type);
}

interface RouteBase {
  id: string;
  path: string;
  /** Paths that redirect to `path`, keeping query and hash; layout flags apply to them too. */
  aliases?: readonly string[];
  /** The page title (document title, page bar, header fallback). */
  title: TranslationKey;
  /** Omitted: `visitor`. */
  guard?: RouteGuard;
  /** With its flag or setting off the route leads home: the server redirects, the browser replaces the entry. */
  gate?: RouteGate;
  /** Only these member types (a list, or all but `notIn`) may open the route; anyone else is sent home. Implies a session. */
  memberTypes?: MemberTypes;
  /**
   * `true`: a real-account function (money, records, security, feedback, referral, rewards). A
   * free-trial member is told 'login_actual_account' and stays where they were (spec section 8).
   */
  realAccount?: true;
  /** `false`: the shell hides its header and the screen draws its own page bar. */
  header?: false;
  /** `false`: the shell hides its footer menu. */
  footer?: false;
  /** `'home'`: the back arrow always leads home instead of one step back. */
  back?: 'home';
  /** The title the spec names for this page's header; pages without one show the route title. */
  headerTitle?: TranslationKey;
}

/** A screen that is only the tenant's node tree, rendered by the app's generic slot screen. */
export interface SlotRouteDef extends RouteBase {
  /** Key of the tenant screen (`screens.<key>`): usually the route id. */
  screen: string;
  /** The slot rendered in the page's main element; omitted: `main`. */
  slot?: string;
  /** Modifier classes of the main element after `screen`; omitted: `screen--<screen key>`. */
  className?: string;
  /** `true`: a member's session is renewed once on entry (money, records, engagement and limits screens). */
  renew?: true;
  module?: never;
}

/** A screen with code: a lazily loaded screen module. */
interface ModuleRouteDef extends RouteBase {
  module: ScreenModuleId;
  screen?: never;
}

/** A screen later work builds: until then the empty-state placeholder under the page title. */
interface PlaceholderRouteDef extends RouteBase {
  screen?: never;
  module?: never;
}

export type RouteDef = SlotRouteDef | ModuleRouteDef | PlaceholderRouteDef;

export const ROUTES = [
  { id: 'home', path: '/m/home', aliases: ['/', '/m', '/m/', '/m/index', '/m/index.html'], title: 'home', module: 'home' },
  {
    id: 'login',
    path: '/m/login',
    title: 'login',
    header: false,
    footer: false,
    back: 'home',
    screen: 'login',
    className: 'screen--form screen--login',
  },
  {
    id: 'register',
    path: '/m/register',
    aliases: ['/register.html', '/m/register.html'],
    title: 'register',
    header: false,
    footer: false,
    back: 'home',
    screen: 'register',
    className: 'screen--form screen--register',
  },
  {
    id: 'forget',
    path: '/m/forget',
    title: 'forgot_password',
    footer: false,
    back: 'home',
    headerTitle: 'forgot_password',
    screen: 'forget',
    className: 'screen--form screen--forget',
  },
  {
    id: 'changePsw',
    path: '/m/changePsw',
    title: 'change_password',
    guard: 'session',
    footer: false,
    screen: 'changePsw',
    className: 'screen--form screen--changePsw',
  },
  {
    id: 'set',
    path: '/m/set',
    title: 'personal_settings',
    guard: 'session',
    headerTitle: 'personal_settings',
    screen: 'set',
    slot: 'list',
    className: 'screen--settings',
  },
  {
    id: 'mine',
    path: '/m/mine',
    aliases: ['/m/member/home'],
    title: 'member_centre',
    guard: 'memberCentre',
    header: false,
    footer: false,
    module: 'memberCentre',
  },
  { id: 'benefits', path: '/m/member/benefits', title: 'vip_benefits', guard: 'memberCentre', gate: { setting: 'vipBenefit' }, screen: 'benefits', realAccount: true },
  { id: 'notice', path: '/m/notice', title: 'notice', footer: false, back: 'home', headerTitle: 'notice', screen: 'notice' },
  // Agent announcements: agents only (spec section 6: not types 0, 4 or 40), as the agent home.
  { id: 'memberNotice', path: '/m/member/notice', title: 'agent_notice', guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'memberNotice' },
  { id: 'webEmail', path: '/m/webEmail', title: 'message_center', headerTitle: 'message_center', guard: 'session', gate: { flag: 'MAILCEN' }, screen: 'webEmail', renew: true },
  { id: 'rewardCenter', path: '/m/rewardCenter', title: 'reward_center', guard: 'memberCentre', gate: { flag: 'REWCEN3' }, screen: 'rewardCenter', renew: true, realAccount: true },
  { id: 'voucherCenter', path: '/m/voucherCenter', title: 'deposit', guard: 'memberCentre', module: 'deposit', realAccount: true },
  { id: 'withdraw', path: '/m/withdraw', title: 'withdraw', guard: 'memberCentre', screen: 'withdraw', className: 'screen--withdraw withdraw-screen', renew: true, realAccount: true },
  { id: 'vouReport', path: '/m/vouReport', title: 'deposit_record', guard: 'memberCentre', gate: { flag: 'DEPRECM3' }, screen: 'vouReport', className: 'screen--vouReport records-screen', renew: true, realAccount: true },
  { id: 'withdrawReport', path: '/m/withdrawReport', title: 'withdraw_record', guard: 'memberCentre', gate: { flag: 'WITHREC3' }, screen: 'withdrawReport', className: 'screen--withdrawReport records-screen', renew: true, realAccount: true },
  { id: 'transactionRecord', path: '/m/transaction/record', title: 'account_record', guard: 'memberCentre', gate: { flag: 'TRANSREC3' }, screen: 'transactionRecord', className: 'screen--transactionRecord records-screen', renew: true, realAccount: true },
  { id: 'gameRecord', path: '/m/gameRecord', title: 'betting_record', guard: 'memberCentre', gate: { flag: 'TRANSBETREPMEM3' }, screen: 'gameRecord', className: 'screen--gameRecord records-screen', renew: true, realAccount: true },
  { id: 'profitandloss', path: '/m/profitandloss', title: 'profit_and_loss', guard: 'memberCentre', gate: { flag: 'PERSREP' }, screen: 'profitandloss', className: 'screen--profitandloss records-screen', renew: true, realAccount: true },
  { id: 'securityCenter', path: '/m/securityCenter', title: 'security_center', guard: 'memberCentre', module: 'securityCenter', realAccount: true },
  // The member's upline and type (not 2) are the transfer screen's to explain: the server answers its reasons.
  { id: 'uplineTransfer', path: '/m/upLine/transfer', title: 'upline_transfer', guard: 'memberCentre', gate: { flag: 'AGETRANSFERUP3' }, screen: 'uplineTransfer', renew: true, realAccount: true },
  { id: 'manualRebate', path: '/m/member/manualRebate', title: 'single_cash_back', guard: 'memberCentre', gate: { flag: 'MANPLAYREB3' }, screen: 'manualRebate', renew: true, realAccount: true },
  { id: 'rebateReport', path: '/m/member/rebateReport', title: 'rebate_report', guard: 'memberCentre', gate: { flag: 'PLYRBT' }, screen: 'rebateReport', renew: true, realAccount: true },
  { id: 'leaderBoard', path: '/m/leaderBoard', title: 'mission_activity', headerTitle: 'leaderboard', gate: { promo: 'MISSION' }, screen: 'leaderBoard', renew: true },
  { id: 'feedback', path: '/m/feedback', title: 'feedback', guard: 'session', gate: { flag: 'FEEDBACK3' }, screen: 'feedback', renew: true, realAccount: true },
  // Also needs the REFERRAL promotion (a promotion type, not a flag): the screen module checks it and says 'contact_service'.
  { id: 'inviteFriends', path: '/m/inviteFriends', title: 'invite_friends', guard: 'session', module: 'inviteFriends', realAccount: true },
  // Player protection: the member's own limits and activity statement (real accounts only).
  { id: 'limits', path: '/m/member/limits', title: 'limits_title', guard: 'session', screen: 'limits', renew: true, realAccount: true },
  { id: 'statement', path: '/m/member/statement', title: 'limits_statement_title', guard: 'session', screen: 'statement', renew: true, realAccount: true },
  { id: 'trail', path: '/m/trail', title: 'free_trial', footer: false, back: 'home', headerTitle: 'free_trial', screen: 'trail', className: 'screen--info screen--trail' },
  { id: 'launchGame', path: '/m/launchGame', title: 'game_centre', footer: false, module: 'launchGame' },
  { id: 'lottery', path: '/m/lottery', title: 'cat_LOTT', module: 'gameList' },
  { id: 'gameList', path: '/m/gameList', title: 'game_centre', module: 'gameList' },
  { id: 'gameLobby', path: '/m/gameLobby', title: 'game_centre', headerTitle: 'game_centre', module: 'gameList' },
  { id: 'gameCenter', path: '/m/gameCenter', title: 'game_centre', headerTitle: 'game_centre', module: 'gameList' },
  { id: 'slotsCenter', path: '/m/slotsCenter', title: 'cat_RNG', headerTitle: 'cat_RNG', module: 'gameList' },
  { id: 'moreLottery', path: '/m/moreLottery', title: 'cat_LOTT', footer: false, module: 'gameList' },
  { id: 'startLottery', path: '/m/startLottery', title: 'cat_LOTT', module: 'startLottery' },
  { id: 'activity', path: '/m/activity', title: 'activity_centre', footer: false, back: 'home', headerTitle: 'activity_centre', screen: 'activity' },
  { id: 'activityInfo', path: '/m/activityInfo', title: 'promotions', screen: 'activityInfo' },
  { id: 'winnerPage', path: '/m/winnerPage', title: 'winners', footer: false, screen: 'winnerPage' },
  { id: 'service', path: '/m/service', title: 'customer_service', footer: false, screen: 'service', className: 'screen--info screen--service' },
  { id: 'help', path: '/m/help', title: 'help_center', header: false, headerTitle: 'help_center', screen: 'help' },
  { id: 'helpDetail', path: '/m/helpDetail', title: 'help_center', headerTitle: 'help_center', screen: 'help' },
  // Spec section 2, "Other screens": every way this device can install the app (the download items lead here).
  { id: 'download', path: '/m/download', title: 'download_app', module: 'download' },
  { id: 'useragreement', path: '/m/useragreement', title: 'user_agreement', footer: false, screen: 'useragreement', className: 'screen--info screen--useragreement' },
  // Player protection: the public responsible-gaming page, the member's time-out / self-exclusion and reality check.
  { id: 'responsibleGaming', path: '/m/responsibleGaming', title: 'rg_title', headerTitle: 'rg_title', screen: 'responsibleGaming', className: 'screen--info screen--responsibleGaming' },
  { id: 'selfExclusion', path: '/m/member/selfExclusion', title: 'exclusion_title', headerTitle: 'exclusion_title', guard: 'session', screen: 'selfExclusion', realAccount: true },
  { id: 'realityCheck', path: '/m/member/realityCheck', title: 'reality_title', headerTitle: 'reality_title', guard: 'session', screen: 'realityCheck' },
  { id: 'maintenance', path: '/m/maintenance', title: 'maintenance_title', footer: false, module: 'maintenance' },
  // Agent home: agents only (spec section 4: not types 0, 4 or 40; anyone else is sent home).
  { id: 'agent', path: '/m/agent', title: 'agent_home', header: false, footer: false, guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, module: 'agentHome' },
  { id: 'teamOverview', path: '/m/agent/team/overview', title: 'team_overview', guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'teamOverview' },
  { id: 'memberTeam', path: '/m/member/team', title: 'team_members', guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'memberTeam' },
  { id: 'teamPnl', path: '/m/agent/team/pnl', title: 'team_pnl', guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'teamPnl' },
  { id: 'teamBetting', path: '/m/teamBetting', title: 'team_betting', guard: 'session', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'teamBetting' },
  { id: 'teamRebate', path: '/m/member/teamRebate', title: 'team_rebate', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'teamRebate' },
  { id: 'agentRebeat', path: '/m/member/agent/agentRebeat', title: 'agent_rebate', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'agentRebeat' },
  { id: 'redRain', path: '/m/redRain', title: 'red_rain', guard: 'session', module: 'redRain', realAccount: true },
  { id: 'agentRegister', path: '/m/agentRegister', title: 'open_account', memberTypes: { notIn: NON_AGENT_TYPES }, screen: 'agentRegister' },
  { id: 'agentDivident', path: '/m/member/agent/agentDivident', title: 'dividend', guard: 'session', memberTypes: { notIn: CONTRACT_EXCLUDED_TYPES }, gate: { setting: 'dividend' }, screen: 'agentDivident', realAccount: true },
  // Contract pages: agents and their downline agents (types 4, 40, 41, 42 skip contracts, spec section 6).
  { id: 'salaryContract', path: '/m/member/agent/getSalaryContract', title: 'salary_contract', guard: 'session', memberTypes: { notIn: CONTRACT_EXCLUDED_TYPES }, screen: 'salaryContract', realAccount: true },
  { id: 'dividendContract', path: '/m/member/agent/getDevidendContract', title: 'dividend_contract', guard: 'session', memberTypes: { notIn: CONTRACT_EXCLUDED_TYPES }, gate: { setting: 'dividend' }, screen: 'dividendContract', realAccount: true },
  { id: 'hourContract', path: '/m/member/agent/getHourContract', title: 'hourly_contract', guard: 'session', memberTypes: { notIn: CONTRACT_EXCLUDED_TYPES }, screen: 'hourContract', realAccount: true },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** The manifest as plain entries (the literal types of ROUTES are for RouteId only). */
const ENTRIES: readonly RouteDef[] = ROUTES;

/** Every route id: with `shell`, the keys a tenant's `screens` may have. */
export const ROUTE_IDS: ReadonlySet<string> = new Set(ENTRIES.map((r) => r.id));

/** The route of an id. */
export function routeById(id: RouteId): RouteDef {
  return ENTRIES.find((r) => r.id === id)!;
}

/** A route's canonical path followed by its aliases. */
export function pathsOf(route: RouteDef): string[] {
  return [route.path, ...(route.aliases ?? [])];
}

/** Every path the site answers, canonical and alias. */
export const KNOWN_PATHS: ReadonlySet<string> = new Set(ENTRIES.flatMap(pathsOf));

/** The path part of a link target ("/m/member/notice?types=A" -> "/m/member/notice"). */
export function pathOf(target: string): string {
  const cut = target.search(/[?#]/);
  return cut === -1 ? target : target.slice(0, cut);
}

/** The canonical route for a path or alias, or undefined for an unknown path. */
export function routeFor(path: string): RouteDef | undefined {
  const p = pathOf(path);
  return ENTRIES.find((r) => r.path === p || (r.aliases ?? []).includes(p));
}

/**
 * The query parameters a route's links may carry, by route id (routes not named here take none).
 * A value left undefined is omitted.
 */
interface RouteQueries {
  securityCenter: { view?: string };
  voucherCenter: { deposit?: string | number };
  gameRecord: { bet?: string | number; range?: string };
  transactionRecord: { types?: string; range?: string };
  gameList: { gameType?: string };
  slotsCenter: { vassalage?: string };
}

/** The query a route's link takes: its entry in RouteQueries, else nothing. */
export type RouteQuery<I extends RouteId> = I extends keyof RouteQueries ? RouteQueries[I] : Record<string, never>;

/**
 * The link to a route: its canonical path from the manifest, with the query parameters its entry
 * allows (percent-encoded, in the order given). A route id the manifest does not have, or a
 * parameter the route does not take, fails typecheck.
 */
export function href<I extends RouteId>(id: I, query?: RouteQuery<I>): string {
  const path = routeById(id).path;
  const pairs = Object.entries((query ?? {}) as Record<string, string | number | undefined>).filter(([, v]) => v !== undefined);
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}
