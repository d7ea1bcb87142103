/**
 * What items and screens may do: the item actions, the badge counters they show, the paths they
 * lead to, and the action functions the runtime hands them.
 */
import { href } from '../routes';

/** Actions an item may run instead of navigating (the nav-item props schema lists the same names). */
export const RUNTIME_ACTIONS = [
  'referral',
  'customerService',
  'download',
  'logout',
  'refreshBalance',
  'toggleBalance',
  'login',
  'register',
  'language',
] as const;
export type RuntimeAction = (typeof RUNTIME_ACTIONS)[number];

/** Live counters an item may show (the nav-item props schema lists the same names). */
export const BADGE_NAMES = ['unclaimedPromotions', 'unreadMessages', 'agentNoticeUnread'] as const;
export type BadgeName = (typeof BADGE_NAMES)[number];
export type BadgeCounts = Partial<Record<BadgeName, number>>;


export const LOGIN_PATH = href('login');
export const REGISTER_PATH = href('register');
/** The download page (spec section 2, "Other screens"): where the download items lead. */
export const DOWNLOAD_PATH = href('download');

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** What items and screens call. The identities never change after mount, so callers never re-render for them. */
export interface RuntimeActions {
  /** Runs an item action; never throws (a broken action must not break the tap target). */
  dispatch(action: RuntimeAction): void;
  /** A visitor touched something that needs a session. */
  requireLogin(): void;
  /**
   * Whether a session exists now (the session store at the time of the call). Tap handlers ask this
   * rather than the rendered view: a member's view arrives after hydration, and a tap in between
   * must not be treated as a visitor's.
   */
  signedIn(): boolean;
  navigate: Navigate;
}
