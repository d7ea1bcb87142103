/**
 * Launching a game (DESIGN.md "Launching games"). iOS Safari blocks `window.open` called after an
 * `await`, so `launchGame` must run synchronously inside the tap handler: it opens a blank window
 * first, then asks the API for the launch URL and points the window at it. When the popup is
 * blocked it shows 'popup_blocked' and falls back to the in-page frame route /m/launchGame, which
 * always has a way back to the lobby. This module keeps to the API client (no SWR, no immer), so
 * a game tile costs the first page almost nothing.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Launch, LaunchBody } from '../../generated/api/games';
import { ApiFailure, request } from '../../lib/api/client';
import { showToast } from '../../lib/feedback';
import { currentLanguageCode } from '../../lib/language';
import { LOGIN_PATH, useRuntime } from '../../lib/runtime';
import { sessionStore } from '../../lib/session';
import { href } from '../../lib/routes';

const LAUNCH_ROUTE = href('launchGame');
const LAUNCH_API_PATH = '/wps/game/launch';
const RECENT_ADD_API_PATH = '/wps/game/recent/add';
/** Spec section 7: these vendors open the lottery with a prize mode, a game code and a play type. */
const LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT'];
const DEFAULT_LOTTERY_CODE = 'lobby';
const DEFAULT_RETURN_URL = href('home');

/** A game to launch: a game item as listed, or the bare fields a ticker or winner entry carries. */
export interface LaunchTarget {
  /** Vendor code; `vassalage` of a game item. */
  vendor?: string | null;
  vassalage?: string | null;
  nodeId?: string | null;
  gameId?: string | null;
  roomId?: string | null;
  /** Free play without an account. */
  supportPlay?: boolean | null;
  gameType?: string | null;
  /** Lottery games: Lott, ZY or Elott. */
  prizeMode?: string | null;
  /** Lottery games: Tradition and/or Entertainment. */
  lottoMode?: string | null;
  /** Lottery: the game code to open (default lobby). */
  code?: string | null;
}

export interface LaunchOptions {
  /** Router navigation (login redirect, frame fallback). */
  navigate: (to: string) => void;
  /** Whether a member is logged in; defaults to the session store. */
  hasSession?: boolean;
  /** Tenant language code (TY, EN ...). */
  language?: string;
  /** Where the game's back control leads: a path on this site (default: the current page). */
  returnUrl?: string;
  /** Skip the popup and open the frame route (e.g. inside the native app shell). */
  frame?: boolean;
  /** Replaces window.open (tests). */
  open?: (url: string, target: string) => Window | null;
  /** Called when the player comes back from the game (focus, visibility, the popup closing). */
  onReturn?: () => void;
  /** Sees a failed launch call first; returns true when it handled it (no toast then). */
  onFailure?: (failure: ApiFailure) => boolean;
}

/** How a launch ended: the game opened in a window, in the frame route, or the player was sent to log in. */
export type LaunchOutcome = 'window' | 'frame' | 'login' | 'failed';

/** The lottery parameters of the spec: playType trad (ent for Entertainment), prize_mode, code (default lobby), pageBack=home. */
export interface LotteryParams {
  playType: 'trad' | 'ent';
  prize_mode?: string;
  code: string;
  pageBack: 'home';
}

function vendorOf(target: LaunchTarget): string {
  return target.vendor ?? target.vassalage ?? '';
}

function isLotteryVendor(vendor: string): boolean {
  return LOTTERY_VENDORS.includes(vendor);
}

/** The lottery parameters of a target, or null for a vendor that is not a lottery. */
export function lotteryParams(target: LaunchTarget): LotteryParams | null {
  if (!isLotteryVendor(vendorOf(target))) return null;
  return {
    playType: (target.lottoMode ?? '').includes('Entertainment') ? 'ent' : 'trad',
    prize_mode: target.prizeMode ?? undefined,
    code: target.code || target.gameId || DEFAULT_LOTTERY_CODE,
    pageBack: 'home',
  };
}

/** The launch call's body for a target. */
export function launchBody(target: LaunchTarget, opts: Pick<LaunchOptions, 'language' | 'returnUrl'> = {}): LaunchBody {
  const body: LaunchBody = { vendor: vendorOf(target), platform: 'html5' };
  if (target.nodeId) body.nodeId = String(target.nodeId);
  else {
    // A lottery code names the game unless it is the vendor's lobby.
    const gameId = target.gameId || target.code;
    if (gameId && gameId !== DEFAULT_LOTTERY_CODE) body.gameId = gameId;
  }
  if (target.roomId) body.roomId = target.roomId;
  if (typeof target.supportPlay === 'boolean') body.supportPlay = target.supportPlay;
  if (opts.language) body.language = opts.language;
  if (opts.returnUrl && isSitePath(opts.returnUrl)) body.returnUrl = opts.returnUrl;
  return body;
}

/** A path on this site (never another origin): what returnUrl may be. */
function isSitePath(url: string): boolean {
  return /^\/(?![/\\])[^\s<>"']*$/.test(url);
}

/** The frame route for a target: /m/launchGame?vendor=..&nodeId=.. (+ the lottery parameters, + returnUrl). */
export function frameRoute(target: LaunchTarget, returnUrl?: string): string {
  const params = new URLSearchParams();
  params.set('vendor', vendorOf(target));
  if (target.nodeId) params.set('nodeId', String(target.nodeId));
  if (target.gameId) params.set('gameId', target.gameId);
  if (target.roomId) params.set('roomId', target.roomId);
  if (typeof target.supportPlay === 'boolean') params.set('supportPlay', target.supportPlay ? '1' : '0');
  const lottery = lotteryParams(target);
  if (lottery) {
    params.set('playType', lottery.playType);
    if (lottery.prize_mode) params.set('prize_mode', lottery.prize_mode);
    params.set('code', lottery.code);
    params.set('pageBack', lottery.pageBack);
  }
  if (returnUrl && isSitePath(returnUrl) && !returnUrl.startsWith(LAUNCH_ROUTE)) params.set('returnUrl', returnUrl);
  return `${LAUNCH_ROUTE}?${params}`;
}

/** Reads a target back from the frame route's query (the inverse of `frameRoute`). */
export function targetFromQuery(search: URLSearchParams, offered?: readonly string[]): LaunchTarget & { returnUrl?: string } {
  const supportPlay = search.get('supportPlay');
  const playType = search.get('playType');
  const named = search.get('vendor') ?? search.get('vassalage') ?? '';
  // The spec's lottery form names no vendor (playType, prize_mode, code, pageBack=home): the lottery the tenant offers.
  const lotteryForm = !named && (playType !== null || search.get('prize_mode') !== null);
  return {
    vendor: lotteryForm ? lotteryVendorOf(offered, search.get('prize_mode')) : named,
    nodeId: search.get('nodeId'),
    gameId: search.get('gameId'),
    roomId: search.get('roomId'),
    supportPlay: supportPlay === null ? undefined : supportPlay === '1' || supportPlay === 'true',
    prizeMode: search.get('prize_mode'),
    lottoMode: playType === 'ent' ? 'Entertainment' : playType === 'trad' ? 'Tradition' : null,
    code: search.get('code'),
    returnUrl: search.get('returnUrl') ?? undefined,
  };
}

/**
 * The lottery vendor a launch without a vendor opens: of the lottery vendors the tenant offers
 * (games.vendors; absent: all), the one of the prize mode named (Elott: ELOTT), else the first;
 * '' when the tenant offers none.
 */
function lotteryVendorOf(offered: readonly string[] | undefined, prizeMode: string | null): string {
  const lotteries = offered ? LOTTERY_VENDORS.filter((v) => offered.includes(v)) : LOTTERY_VENDORS;
  const byMode = prizeMode ? lotteries.find((v) => v === prizeMode.toUpperCase()) : undefined;
  return byMode ?? lotteries[0] ?? '';
}

/** Where the frame route's back control goes: pageBack=home means /m/home, else the lobby it came from. */
export function backTarget(search: URLSearchParams): string {
  if (search.get('pageBack') === 'home') return DEFAULT_RETURN_URL;
  const back = search.get('returnUrl');
  return back && isSitePath(back) && !back.startsWith(LAUNCH_ROUTE) ? back : DEFAULT_RETURN_URL;
}

/** POST /wps/game/launch. */
export function requestLaunch(target: LaunchTarget, opts: Pick<LaunchOptions, 'language' | 'returnUrl'> = {}): Promise<Launch> {
  return request('POST', LAUNCH_API_PATH, { body: launchBody(target, opts) });
}

/** Records a recent play (GET /wps/game/recent/add); never fails the launch. */
export function recordRecentPlay(target: LaunchTarget): void {
  if (!target.nodeId) return;
  request('GET', RECENT_ADD_API_PATH, { query: { nodeId: String(target.nodeId), vendor: vendorOf(target) } }).catch(() => undefined);
}

/** Revalidates the header balance (SWR mutate of the wallet key; SWR loads only when asked). */
export function revalidateWallet(): Promise<unknown> {
  return import('../wallet')
    .then(({ revalidateWalletCache }) => revalidateWalletCache())
    .catch(() => undefined);
}

/**
 * Calls `onReturn` when the player is back on this page: the tab is focused or visible again, or
 * the game's window closes. Watches for 6 hours at most. Returns the function that stops watching.
 */
export function watchReturn(onReturn: () => void, popup?: Window | null): () => void {
  const onFocus = () => onReturn();
  const onVisible = () => {
    if (document.visibilityState === 'visible') onReturn();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  const poll = popup
    ? setInterval(() => {
        if (popup.closed) {
          onReturn();
          stop();
        }
      }, 1000)
    : undefined;
  const limit = setTimeout(() => stop(), 6 * 60 * 60 * 1000);
  function stop() {
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(poll);
    clearTimeout(limit);
  }
  return stop;
}

function failureKey(err: unknown): string {
  return err instanceof ApiFailure ? err.messageKey : 'unknown_error';
}

let stopWatching: (() => void) | undefined;

/**
 * Launches a game. Call it synchronously in the tap handler (no await before it): the popup opens
 * before anything else. Visitors go to /m/login unless the game supports free play. Resolves with
 * how the launch ended; it never rejects (failures show a toast).
 */
export function launchGame(target: LaunchTarget, opts: LaunchOptions): Promise<LaunchOutcome> {
  const hasSession = opts.hasSession ?? sessionStore.info !== null;
  if (!hasSession && target.supportPlay !== true) {
    opts.navigate(LOGIN_PATH);
    return Promise.resolve('login');
  }
  const returnUrl =
    opts.returnUrl ?? (typeof window !== 'undefined' ? `${window.location.pathname}${window.location.search}` : DEFAULT_RETURN_URL);
  const frame = frameRoute(target, returnUrl);
  if (opts.frame) {
    opts.navigate(frame);
    return Promise.resolve('frame');
  }

  // Synchronously, before any await: a popup opened later is blocked by iOS Safari.
  let win: Window | null = null;
  try {
    win = (opts.open ?? ((url, name) => window.open(url, name)))('', '_blank');
  } catch {
    win = null;
  }
  if (!win) {
    void showToast('popup_blocked');
    opts.navigate(frame);
    return Promise.resolve('frame');
  }
  const popup = win;

  return requestLaunch(target, { language: opts.language, returnUrl })
    .then((launch) => {
      if (popup.closed) return 'failed' as const;
      popup.location.href = new URL(launch.url, window.location.href).toString();
      if (hasSession) recordRecentPlay(target);
      stopWatching?.();
      const onReturn = opts.onReturn ?? (() => void revalidateWallet());
      stopWatching = watchReturn(onReturn, popup);
      return 'window' as const;
    })
    .catch((err: unknown) => {
      try {
        popup.close();
      } catch {
        // Already gone.
      }
      if (err instanceof ApiFailure && opts.onFailure?.(err)) return 'failed' as const;
      if (err instanceof ApiFailure && (err.errorCode === 'session.required' || err.errorCode === 'session.invalid')) {
        opts.navigate(LOGIN_PATH);
        return 'login' as const;
      }
      void showToast(failureKey(err));
      return 'failed' as const;
    });
}

/**
 * `launchGame` bound to the router, the language and the session: `const launch = useLaunchGame();`
 * then `onClick={() => void launch(item)}`.
 */
export function useLaunchGame(): (target: LaunchTarget, overrides?: Partial<LaunchOptions>) => Promise<LaunchOutcome> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { i18n } = useTranslation();
  const { tenant, session, install } = useRuntime();
  return useCallback(
    (target: LaunchTarget, overrides?: Partial<LaunchOptions>) =>
      launchGame(target, {
        navigate: (to) => void navigate(to),
        hasSession: session !== null,
        language: currentLanguageCode(i18n, tenant),
        returnUrl: `${pathname}${search}`,
        // Inside the native app shell a new window leaves the app: play in the frame.
        frame: install === 'app',
        ...overrides,
      }),
    [navigate, session, i18n, tenant, pathname, search, install],
  );
}
