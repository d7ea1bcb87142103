import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { InstallMode, Tenant, TenantSettings, WhiteLabelFlags } from '../generated/tenant';
import type { SessionInfo } from '../generated/storage/session-info';
import { validateSessionInfo } from '../generated/validators.js';
import type { AppConfig, StartupSettings } from './app-config';
import type { GateContext } from './gates';
import { readJson, removeItem } from './storage';

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

/** Spec section 3: the session record's storage key. */
export const SESSION_KEY = 'MC_SESSION_INFO';

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
  /** Header balance hidden by the player (toggleBalance). */
  balanceHidden: boolean;
  /** A visitor touched something that needs a session. */
  requireLogin(): void;
  /** Runs an item action; never throws (a broken action must not break the tap target). */
  dispatch(action: RuntimeAction): void;
}

/** Storage is not trusted: a record that fails the schema reads as no session. */
export function readStoredSession(): SessionInfo | null {
  const value = readJson(SESSION_KEY);
  return value !== undefined && validateSessionInfo(value) ? (value as SessionInfo) : null;
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

function openExternal(url: string): void {
  try {
    window.open(url, '_blank', 'noopener,noreferrer');
  } catch {
    window.location.assign(url);
  }
}

const RuntimeContext = createContext<Runtime | null>(null);

export interface RuntimeProviderProps {
  config: AppConfig;
  /** Router navigation; the app passes react-router's, tests a spy. */
  navigate?: Navigate;
  /** Live counters; later issues feed them from SWR hooks. */
  badges?: BadgeCounts;
  install?: InstallMode;
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
  onRequireLogin,
  actionHandlers,
  children,
}: RuntimeProviderProps) {
  const [session, setSession] = useState<SessionInfo | null>(readStoredSession);
  const [balanceHidden, setBalanceHidden] = useState(false);
  const [installMode] = useState<InstallMode>(() => install ?? detectInstallMode());

  // Another tab logging in or out changes what this one may show.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY) setSession(readStoredSession());
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
            // The confirm dialog and the logout call come with the session store; the local part is here.
            removeItem(SESSION_KEY);
            setSession(null);
            return navigate(HOME_PATH, { replace: true });
          case 'refreshBalance':
          case 'referral':
          case 'language':
            // Their dialogs and wallet reload arrive with later screens; until then a tap is a no-op.
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
      gateContext: buildGateContext(config, session, installMode),
      badges: badges ?? {},
      balanceHidden,
      requireLogin,
      dispatch,
    }),
    [config, session, installMode, badges, balanceHidden, requireLogin, dispatch],
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
