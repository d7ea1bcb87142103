/**
 * The route table of spec section 2: each screen's canonical path and its aliases.
 * Paths keep the spec's spelling exactly (players' bookmarks depend on them).
 */
export interface RouteDef {
  id: string;
  path: string;
  aliases?: readonly string[];
}

export const ROUTES = [
  { id: 'home', path: '/m/home', aliases: ['/', '/m', '/m/', '/m/index', '/m/index.html'] },
  { id: 'login', path: '/m/login' },
  { id: 'register', path: '/m/register', aliases: ['/register.html', '/m/register.html'] },
  { id: 'forget', path: '/m/forget' },
  { id: 'changePsw', path: '/m/changePsw' },
  { id: 'set', path: '/m/set' },
  { id: 'mine', path: '/m/mine', aliases: ['/m/member/home'] },
  { id: 'benefits', path: '/m/member/benefits' },
  { id: 'notice', path: '/m/notice' },
  { id: 'memberNotice', path: '/m/member/notice' },
  { id: 'webEmail', path: '/m/webEmail' },
  { id: 'rewardCenter', path: '/m/rewardCenter' },
  { id: 'voucherCenter', path: '/m/voucherCenter' },
  { id: 'withdraw', path: '/m/withdraw' },
  { id: 'vouReport', path: '/m/vouReport' },
  { id: 'withdrawReport', path: '/m/withdrawReport' },
  { id: 'transactionRecord', path: '/m/transaction/record' },
  { id: 'gameRecord', path: '/m/gameRecord' },
  { id: 'profitandloss', path: '/m/profitandloss' },
  { id: 'securityCenter', path: '/m/securityCenter' },
  { id: 'uplineTransfer', path: '/m/upLine/transfer' },
  { id: 'manualRebate', path: '/m/member/manualRebate' },
  { id: 'rebateReport', path: '/m/member/rebateReport' },
  { id: 'leaderBoard', path: '/m/leaderBoard' },
  { id: 'feedback', path: '/m/feedback' },
  { id: 'inviteFriends', path: '/m/inviteFriends' },
  { id: 'trail', path: '/m/trail' },
  { id: 'launchGame', path: '/m/launchGame' },
  { id: 'lottery', path: '/m/lottery' },
  { id: 'gameList', path: '/m/gameList' },
  { id: 'gameLobby', path: '/m/gameLobby' },
  { id: 'gameCenter', path: '/m/gameCenter' },
  { id: 'slotsCenter', path: '/m/slotsCenter' },
  { id: 'moreLottery', path: '/m/moreLottery' },
  { id: 'startLottery', path: '/m/startLottery' },
  { id: 'activity', path: '/m/activity' },
  { id: 'activityInfo', path: '/m/activityInfo' },
  { id: 'winnerPage', path: '/m/winnerPage' },
  { id: 'service', path: '/m/service' },
  { id: 'help', path: '/m/help' },
  { id: 'helpDetail', path: '/m/helpDetail' },
  { id: 'useragreement', path: '/m/useragreement' },
  { id: 'maintenance', path: '/m/maintenance' },
  { id: 'agent', path: '/m/agent' },
  { id: 'teamOverview', path: '/m/agent/team/overview' },
  { id: 'memberTeam', path: '/m/member/team' },
  { id: 'teamPnl', path: '/m/agent/team/pnl' },
  { id: 'teamBetting', path: '/m/teamBetting' },
  { id: 'teamRebate', path: '/m/member/teamRebate' },
  { id: 'agentRebeat', path: '/m/member/agent/agentRebeat' },
  { id: 'redRain', path: '/m/redRain' },
  { id: 'agentRegister', path: '/m/agentRegister' },
  { id: 'agentDivident', path: '/m/member/agent/agentDivident' },
  { id: 'salaryContract', path: '/m/member/agent/getSalaryContract' },
  { id: 'dividendContract', path: '/m/member/agent/getDevidendContract' },
  { id: 'hourContract', path: '/m/member/agent/getHourContract' },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** Every path the site answers, canonical and alias. */
export const KNOWN_PATHS: ReadonlySet<string> = new Set(
  ROUTES.flatMap((r: RouteDef) => [r.path, ...(r.aliases ?? [])]),
);

/** The path part of a link target ("/m/member/notice?types=A" -> "/m/member/notice"). */
export function pathOf(target: string): string {
  const cut = target.search(/[?#]/);
  return cut === -1 ? target : target.slice(0, cut);
}

/** The canonical route for a path or alias, or undefined for an unknown path. */
export function routeFor(path: string): RouteDef | undefined {
  const p = pathOf(path);
  return ROUTES.find((r: RouteDef) => r.path === p || (r.aliases ?? []).includes(p));
}
