import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { InstallMode, Tenant, TenantSettings, WhiteLabelFlags } from '../generated/tenant';
import type { SessionInfo } from '../generated/storage/session-info';
import { configureApi, type EncryptionSettings } from './api/client';
import type { AppConfig, StartupSettings } from './app-config';
import type { GateContext } from './gates';
import { showToast, TOAST_SHORT_MS } from './feedback';
import { logout } from './api/session';
import { clearSession, currentToken, readStoredSession, reloadSessionFromStorage, SESSION_KEY, sessionStore, syncSessionFromStorage } from './session';
import { openExternal } from './external';

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

/** Spec section 3: the session record's storage key and its validated read (kept here too for existing imports). */
export { SESSION_KEY, readStoredSession };

export const LOGIN_PATH = '/m/login';
export const REGISTER_PATH = '/m/register';
export const HOME_PATH = '/m/home';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface Runtime {
  tenant: Tenant;
  startup: StartupSettings;
  session: SessionInfo | null;
  gateContext: GateContext;
  badges: BadgeCounts;
  /** How the page is run (browser, app, webclip, pwa). */
  install: InstallMode;
  /** Header balance hidden by the player (toggleBalance). */
  balanceHidden: boolean;
  /** A visitor touched something that needs a session. */
  requireLogin(): void;
  /** Runs an item action; never throws (a broken action must not break the tap target). */
  dispatch(action: RuntimeAction): void;
}


/** How the page is being run: decides download items and bars (spec section 4). */
export function detectInstallMode(win: Window | undefined = globalThis.window): InstallMode {
  if (!win) return 'browser';
  try {
    // The native app shell opens the site with ?app (or a marked user agent).
    if (/[?&]app(=|&|$)/.test(win.location.search) || /WhiteLabelApp/i.test(win.navigator.userAgent)) return 'app';
    if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return 'webclip';
    if (win.matchMedia?.('(display-mode: standalone)').matches) return 'pwa';
  } catch {
    // Old browsers without matchMedia fall through to a plain tab.
  }
  return 'browser';
}

/** The flags in force: the server's startup flags when it sent them, else the tenant file's. */
export function effectiveFlags(config: AppConfig): WhiteLabelFlags {
  return (config.startup.info?.whitelabel as WhiteLabelFlags | undefined) ?? config.tenant.flags;
}

/** Tenant settings with the server's per-request values (template, promotions, status) over them. */
export function effectiveSettings(config: AppConfig): TenantSettings {
  const { tenant, startup } = config;
  const info = startup.info ?? {};
  return {
    ...tenant.settings,
    mobileTemplate: { ...tenant.settings.mobileTemplate, ...(info.mobileTemplate ?? {}) },
    promotions: Array.isArray(info.promotions) ? info.promotions : tenant.settings.promotions,
    customerService: { url: typeof info.customerService === 'string' ? info.customerService : tenant.settings.customerService.url },
    status: {
      maintenance: startup.maintenance ?? tenant.settings.status.maintenance,
      regionRestriction: startup.regionRestriction ?? tenant.settings.status.regionRestriction,
    },
  };
}

/** The context every gate is evaluated in. */
export function buildGateContext(
  config: AppConfig,
  session: SessionInfo | null,
  install: InstallMode,
  hasUpline = false,
): GateContext {
  const settings = effectiveSettings(config);
  return {
    flags: effectiveFlags(config),
    settings: settings as unknown as Record<string, unknown>,
    session: session !== null,
    memberType: session ? session.type : null,
    hasUpline,
    promos: settings.promotions,
    install,
  };
}

/**
 * The server said the session sent with a call is gone. Several calls may fail together: the
 * player is told once, when the session actually goes. A token replaced by a renewal (in this
 * tab or another one) is no reason to log out: the stored session is read again instead.
 */
export function sessionInvalidated(sentToken: string | null): void {
  if (!sessionStore.info) return;
  // This tab already holds a newer token.
  if (sentToken && sessionStore.info.token !== sentToken) return;
  // Another tab renewed (the stored token moved on).
  const stored = readStoredSession();
  if (sentToken && stored && stored.token !== sentToken) {
    reloadSessionFromStorage();
    return;
  }
  clearSession();
  void showToast('account_logged_out', TOAST_SHORT_MS);
}

/**
 * Wires the API client to the session store and the startup settings. Called once by the app
 * shell; calling it again (tests, a remount) only re-points the same functions.
 */
export function setupApiClient(config: AppConfig, install: InstallMode): void {
  const encryption = (config.startup.encryption as EncryptionSettings | undefined) ?? null;
  // Encrypted bodies carry the time on the server's clock (a device clock may be off).
  const serverTime = Date.parse(String((config.startup as { serverTime?: unknown }).serverTime ?? ''));
  const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - Date.now() : 0;
  // Spec section 7: installed web apps add the device header OTHERS.
  const deviceHeaders: Record<string, string> = install === 'pwa' || install === 'webclip' ? { device: 'OTHERS' } : {};
  configureApi({
    token: currentToken,
    encryption: () => encryption,
    onSessionInvalid: sessionInvalidated,
    headers: () => deviceHeaders,
    clockOffsetMs: () => clockOffsetMs,
  });
}


const RuntimeContext = createContext<Runtime | null>(null);

export interface RuntimeProviderProps {
  config: AppConfig;
  /** Router navigation; the app passes react-router's, tests a spy. */
  navigate?: Navigate;
  /** Live counters (the app shell feeds them from the SWR hooks). */
  badges?: BadgeCounts;
  install?: InstallMode;
  /** The member has an upline (member info's toUpline); feeds the gate context. */
  hasUpline?: boolean;
  /** Replaces the default "go to /m/login" (the member centre opens a login dialog instead). */
  onRequireLogin?: () => void;
  /** Per-action handlers that screens register; they win over the built-in behaviour. */
  actionHandlers?: Partial<Record<RuntimeAction, () => void>>;
  children?: ReactNode;
}

const defaultNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function RuntimeProvider({
  config,
  navigate = defaultNavigate,
  badges,
  install,
  hasUpline = false,
  onRequireLogin,
  actionHandlers,
  children,
}: RuntimeProviderProps) {
  // The session store is the one source of truth; storage is re-read once, before the first read.
  useState(syncSessionFromStorage);
  const session = useSnapshot(sessionStore, { sync: true }).info as SessionInfo | null;
  const [balanceHidden, setBalanceHidden] = useState(false);
  const [installMode] = useState<InstallMode>(() => install ?? detectInstallMode());

  // Another tab logging in or out changes what this one may show.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY) reloadSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const requireLogin = useCallback(() => {
    if (onRequireLogin) onRequireLogin();
    else navigate(LOGIN_PATH);
  }, [navigate, onRequireLogin]);

  const dispatch = useCallback(
    (action: RuntimeAction) => {
      try {
        const custom = actionHandlers?.[action];
        if (custom) return custom();
        switch (action) {
          case 'login':
            return navigate(LOGIN_PATH);
          case 'register':
            return navigate(REGISTER_PATH);
          case 'customerService':
            return openExternal(effectiveSettings(config).customerService.url);
          case 'download':
            return navigate(HOME_PATH);
          case 'toggleBalance':
            return setBalanceHidden((hidden) => !hidden);
          case 'logout':
            // Confirm, spinner, server call, local clean-up and a reload to /m/home (session.ts).
            void logout();
            return;
          case 'refreshBalance':
          case 'referral':
          case 'language':
            // The app shell registers these (wallet reload, referral dialog, language list); alone they do nothing.
            return;
        }
      } catch (err) {
        console.error(`action ${action} failed`, err);
      }
    },
    [actionHandlers, config, navigate],
  );

  const value = useMemo<Runtime>(
    () => ({
      tenant: config.tenant,
      startup: config.startup,
      session,
      gateContext: buildGateContext(config, session, installMode, hasUpline),
      install: installMode,
      badges: badges ?? {},
      balanceHidden,
      requireLogin,
      dispatch,
    }),
    [config, session, installMode, hasUpline, badges, balanceHidden, requireLogin, dispatch],
  );

  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime: no <RuntimeProvider> above this component');
  return runtime;
}

/** A live counter for an item badge; 0 when unknown or when no badge is asked for. */
export function useBadge(name: BadgeName | undefined): number {
  const { badges } = useRuntime();
  if (!name) return 0;
  const count = badges[name];
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0;
}
