/**
 * The screens an operator looks at when reviewing a tenant (`tenant preview`, `tenant shots`):
 * each a path of the site, the roles it is seen as, and an optional step before the picture
 * (the header menu opened).
 */
export const PREVIEW_ROLES = ['visitor', 'player', 'agent'] as const;
export type PreviewRole = (typeof PREVIEW_ROLES)[number];

/** The seeded demo account of each signed-in role (every `demo*` tenant has them). */
export const ROLE_ACCOUNTS: Record<Exclude<PreviewRole, 'visitor'>, string> = { player: 'demoplayer', agent: 'demoagent' };

export interface PreviewScreen {
  id: string;
  /** What the preview page's picker says. */
  label: string;
  path: string;
  roles: readonly PreviewRole[];
  /** Open the header menu before the picture. */
  openMenu?: boolean;
}

export const PREVIEW_SCREENS: readonly PreviewScreen[] = [
  { id: 'home', label: 'home', path: '/m/home', roles: ['visitor', 'player'] },
  { id: 'mine', label: 'member centre', path: '/m/mine', roles: ['visitor', 'player', 'agent'] },
  { id: 'games', label: 'game list', path: '/m/gameList', roles: ['visitor', 'player'] },
  { id: 'deposit', label: 'deposit', path: '/m/voucherCenter', roles: ['player'] },
  { id: 'agent', label: 'agent home', path: '/m/agent', roles: ['agent'] },
  { id: 'team', label: 'team members', path: '/m/member/team', roles: ['agent'] },
  { id: 'promotions', label: 'promotions', path: '/m/activity', roles: ['visitor', 'player'] },
  { id: 'limits', label: 'limits', path: '/m/member/limits', roles: ['player'] },
  { id: 'exclusion', label: 'time-out and self-exclusion', path: '/m/member/selfExclusion', roles: ['player'] },
  { id: 'menu', label: 'footer and menu', path: '/m/home', roles: ['visitor', 'player'], openMenu: true },
  { id: 'vip', label: 'VIP benefits', path: '/m/member/benefits', roles: ['player'] },
  { id: 'records', label: 'deposit record', path: '/m/vouReport', roles: ['visitor', 'player'] },
  { id: 'contract', label: 'salary contract', path: '/m/member/agent/getSalaryContract', roles: ['agent'] },
];

export function previewScreen(id: string): PreviewScreen | undefined {
  return PREVIEW_SCREENS.find((s) => s.id === id);
}

export function isPreviewRole(value: string): value is PreviewRole {
  return (PREVIEW_ROLES as readonly string[]).includes(value);
}

/** Selector of the header menu's toggle (widgets/header-menu). */
export const MENU_TOGGLE = '.header-menu [aria-expanded="false"]';
