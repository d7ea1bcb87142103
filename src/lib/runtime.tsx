import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { snapshot, subscribe } from 'valtio';
import type { InstallMode, Tenant, TenantSettings, WhiteLabelFlags } from '../generated/tenant';
import type { SessionInfo } from '../generated/storage/session-info';
import { configureApi, type EncryptionSettings, type SessionEndReason } from './api/client';
import { pageDataId, type AppConfig, type StartupSettings, type TimeZoneWindow } from './app-config';
import type { GateContext } from './gates';
import { confirmDialog, showToast, TOAST_SHORT_MS } from './feedback';
import { logout } from './api/session';
import { clearSession, currentToken, readStoredSession, reloadSessionFromStorage, SESSION_KEY, sessionStore, syncSessionFromStorage } from './session';
import { openExternal } from './browser-actions';
import { createStore, useClientValue, useStore, type Store } from './store';
import { startupState, type StartupState } from './startup-state';
import { href } from './routes';

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

export const LOGIN_PATH = href('login');
export const REGISTER_PATH = href('register');
export const HOME_PATH = href('home');
/** The download page (spec section 2, "Other screens"): where the download items lead. */
export const DOWNLOAD_PATH = href('download');

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The whole runtime in one object (`useRuntime`); hot paths read single values through the selector hooks instead. */
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
    customerService: { ...tenant.settings.customerService, url: typeof info.customerService === 'string' ? info.customerService : tenant.settings.customerService.url },
    status: {
      maintenance: startup.maintenance ?? tenant.settings.status.maintenance,
      regionRestriction: startup.regionRestriction ?? tenant.settings.status.regionRestriction,
    },
  };
}

/**
 * The startup state machine's answer for a page's config (src/lib/startup-state.ts); the version
 * check needs the version the page was built with (the app shell passes it).
 */
export function startupStateOf(config: AppConfig, builtVersion?: string): StartupState {
  const settings = effectiveSettings(config);
  return startupState({
    status: settings.status,
    serverVersion: config.startup.version?.current,
    builtVersion,
    settings: settings as unknown as Record<string, unknown>,
    screens: config.tenant.screens,
  });
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
export function sessionInvalidated(sentToken: string | null, reason?: SessionEndReason): void {
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
  // The session time limit says so in a toast; a time-out or self-exclusion in a dialog naming its end.
  if (reason?.messageKey === 'err_limit_session_reached') void showToast('err_limit_session_reached', TOAST_SHORT_MS);
  else if (reason) void confirmDialog({ messageKey: reason.messageKey, params: reason.params, confirmKey: 'ok' });
  else void showToast('account_logged_out', TOAST_SHORT_MS);
}

/** Spec section 7: running as an installed web app (a web clip or a standalone display), calls carry the device header OTHERS. */
export function deviceHeadersFor(install: InstallMode): Record<string, string> {
  return install === 'pwa' || install === 'webclip' ? INSTALLED_DEVICE_HEADERS : NO_HEADERS;
}
const INSTALLED_DEVICE_HEADERS: Readonly<Record<string, string>> = Object.freeze({ device: 'OTHERS' });
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Wires the API client to the session store and the startup settings. Called once by the app
 * shell; calling it again (tests, a remount) only re-points the same functions. How the page is
 * run is read at each call (`install`), never while rendering.
 */
export function setupApiClient(config: AppConfig, install: () => InstallMode = detectInstallMode): void {
  const encryption = (config.startup.encryption as EncryptionSettings | undefined) ?? null;
  // Encrypted bodies carry the time on the server's clock (a device clock may be off).
  const serverTime = Date.parse(String((config.startup as { serverTime?: unknown }).serverTime ?? ''));
  const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - Date.now() : 0;
  configureApi({
    token: currentToken,
    encryption: () => encryption,
    onSessionInvalid: sessionInvalidated,
    headers: () => deviceHeadersFor(install()),
    clockOffsetMs: () => clockOffsetMs,
  });
}


/**
 * What changes while the page lives. Readers select the fields they show (`useRuntimeState`), so
 * a badge count reaching the footer re-renders the item with that badge and nothing else.
 */
export interface RuntimeState {
  session: SessionInfo | null;
  /** Rebuilt only when one of its inputs changes: a badge or a renewed token keeps the same object. */
  gateContext: GateContext;
  badges: BadgeCounts;
  /** Header balance hidden by the player (toggleBalance). */
  balanceHidden: boolean;
  /** How the page is run (browser, app, webclip, pwa). */
  install: InstallMode;
  /** The member has an upline (member info's toUpline); feeds the gate context. */
  hasUpline: boolean;
}

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

/**
 * The API answers a page starts with. The browser reads the answers the server rendered with; a
 * server render also notes the keys its widgets ask for, so that it can fetch them and render again.
 */
export interface PageData {
  answer(id: string): unknown;
  want?(id: string, key: readonly unknown[]): void;
  /** The user agent the page was rendered for (the request's header; in the browser, its own). */
  userAgent?: string;
  /** A server render notes each widget it renders, so the page can carry their styles and code. */
  widget?(name: string): void;
}

interface RuntimeEnv {
  tenant: Tenant;
  startup: StartupSettings;
  /** The tenant's time zone offsets the server sent with the page (AppConfig.zone). */
  zone: TimeZoneWindow | null;
  /** What the startup settings lead to (src/lib/startup-state.ts). */
  state: StartupState;
  store: Store<RuntimeState>;
  actions: RuntimeActions;
}

const RuntimeContext = createContext<RuntimeEnv | null>(null);

export interface RuntimeProviderProps {
  config: AppConfig;
  /** Router navigation; the app passes react-router's, tests a spy. */
  navigate?: Navigate;
  /** Live counters (the app shell feeds them from the member store). */
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

const NO_BADGES: BadgeCounts = {};

interface RuntimeInputs {
  config: AppConfig;
  navigate: Navigate;
  badges: BadgeCounts;
  install: InstallMode;
  hasUpline: boolean;
  onRequireLogin?: () => void;
  actionHandlers?: Partial<Record<RuntimeAction, () => void>>;
}

function storedSession(): SessionInfo | null {
  return (snapshot(sessionStore).info ?? null) as SessionInfo | null;
}

/**
 * One runtime per provider: its store, and actions that read the provider's latest props when
 * they run (not when they were made), which is what lets their identities stay fixed.
 */
function createRuntime(initial: RuntimeInputs) {
  let inputs = initial;
  let gate: { key: readonly unknown[]; context: GateContext } | null = null;
  const gateContextFor = (session: SessionInfo | null, install: InstallMode, hasUpline: boolean): GateContext => {
    // Exactly what buildGateContext reads; anything else (token, badges) keeps the same object.
    const key = [inputs.config, session !== null, session?.type ?? null, install, hasUpline] as const;
    if (!gate || key.some((value, i) => !Object.is(value, gate?.key[i]))) {
      gate = { key, context: buildGateContext(inputs.config, session, install, hasUpline) };
    }
    return gate.context;
  };

  const session = storedSession();
  // The server renders a visitor in a plain browser tab; hydration starts from the same view.
  const serverState: RuntimeState = {
    session: null,
    gateContext: gateContextFor(null, 'browser', false),
    badges: NO_BADGES,
    balanceHidden: false,
    install: 'browser',
    hasUpline: false,
  };
  const initialState: RuntimeState = {
    session,
    gateContext: gateContextFor(session, initial.install, initial.hasUpline),
    badges: initial.badges,
    balanceHidden: false,
    install: initial.install,
    hasUpline: initial.hasUpline,
  };
  // A visitor's page starts as the server painted it: the same state object, so that no reader
  // renders again once hydration is over.
  const unchanged = (Object.keys(serverState) as (keyof RuntimeState)[]).every((k) => Object.is(serverState[k], initialState[k]));
  const store = createStore<RuntimeState>(unchanged ? serverState : initialState, serverState);
  const apply = (patch: Partial<Omit<RuntimeState, 'gateContext'>>) => {
    const next = { ...store.get(), ...patch };
    store.set({ ...patch, gateContext: gateContextFor(next.session, next.install, next.hasUpline) });
  };

  const navigate: Navigate = (to, options) => inputs.navigate(to, options);
  const requireLogin = () => {
    if (inputs.onRequireLogin) inputs.onRequireLogin();
    else inputs.navigate(LOGIN_PATH);
  };
  const dispatch = (action: RuntimeAction) => {
    try {
      const custom = inputs.actionHandlers?.[action];
      if (custom) return custom();
      switch (action) {
        case 'login':
          return inputs.navigate(LOGIN_PATH);
        case 'register':
          return inputs.navigate(REGISTER_PATH);
        case 'customerService':
          return openExternal(effectiveSettings(inputs.config).customerService.url);
        case 'download':
          return inputs.navigate(DOWNLOAD_PATH);
        case 'toggleBalance':
          return apply({ balanceHidden: !store.get().balanceHidden });
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
  };

  return {
    store,
    actions: { dispatch, requireLogin, signedIn: () => storedSession() !== null, navigate } satisfies RuntimeActions,
    /** The provider rendered with new props: later calls use its callbacks; changed values reach their readers. */
    update(next: RuntimeInputs) {
      inputs = next;
      apply({ badges: next.badges, install: next.install, hasUpline: next.hasUpline });
    },
    syncSession() {
      apply({ session: storedSession() });
    },
  };
}

export function RuntimeProvider({
  config,
  navigate = defaultNavigate,
  badges = NO_BADGES,
  install,
  hasUpline = false,
  onRequireLogin,
  actionHandlers,
  children,
}: RuntimeProviderProps) {
  // The session store is the one source of truth; in the browser storage is re-read once, before the first read.
  useState(() => {
    if (typeof window !== 'undefined') syncSessionFromStorage();
  });
  const detectedInstall = useClientValue(() => detectInstallMode(), 'browser');
  const inputs: RuntimeInputs = { config, navigate, badges, install: install ?? detectedInstall, hasUpline, onRequireLogin, actionHandlers };
  const [runtime] = useState(() => createRuntime(inputs));
  // Before paint, so no frame shows a count or a gate the props have already replaced.
  useLayoutEffect(() => runtime.update(inputs));

  useEffect(() => {
    const unsubscribe = subscribe(sessionStore, runtime.syncSession, true);
    // The session may have changed between the first render and this subscription.
    runtime.syncSession();
    // Another tab logging in or out changes what this one may show.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY) reloadSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [runtime]);

  // The document says which view is committed (member or visitor): styles and journeys can wait for it.
  const memberView = useStore(runtime.store, (state) => state.session !== null);
  useEffect(() => {
    document.documentElement.dataset.view = memberView ? 'member' : 'visitor';
  }, [memberView]);

  const env = useMemo<RuntimeEnv>(
    () => ({ tenant: config.tenant, startup: config.startup, zone: config.zone ?? null, state: startupStateOf(config), store: runtime.store, actions: runtime.actions }),
    [config, runtime],
  );
  return <RuntimeContext.Provider value={env}>{children}</RuntimeContext.Provider>;
}

function useRuntimeEnv(hook: string): RuntimeEnv {
  const env = useContext(RuntimeContext);
  if (!env) throw new Error(`${hook}: no <RuntimeProvider> above this component`);
  return env;
}

/** The page data of answers the server sent with the page (AppConfig.pageData). */
export function configPageData(config: AppConfig): PageData {
  const answers = config.pageData ?? {};
  return { answer: (id) => (Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined) };
}

/** A page that starts with no answers (rendered in the browser alone). */
export const NO_PAGE_DATA: PageData = { answer: () => undefined };

const PageDataContext = createContext<PageData>(NO_PAGE_DATA);
/** Provides the answers the page starts with (the browser: the config's; a server render: its own). */
export const PageDataProvider = PageDataContext.Provider;

/**
 * The answer the page started with for an API resource key (undefined when none). Only answers
 * every visitor shares are page data; the server renders no member's view.
 */
export function usePageAnswer(key: readonly unknown[] | null): unknown {
  const pageData = useContext(PageDataContext);
  if (!key) return undefined;
  const id = pageDataId(key);
  pageData.want?.(id, key);
  return pageData.answer(id);
}

/** Notes a rendered widget for the server render (nothing in the browser). */
export function useNoteWidget(name: string): void {
  useContext(PageDataContext).widget?.(name);
}

/** The user agent the server rendered this page for: what device-dependent parts render first. */
export function usePageUserAgent(): string {
  return useContext(PageDataContext).userAgent ?? '';
}

/** dispatch, requireLogin and navigate: the same functions for the life of the page. */
export function useRuntimeActions(): RuntimeActions {
  return useRuntimeEnv('useRuntimeActions').actions;
}

/** One value of the runtime state; the caller re-renders only when that value changes (Object.is). */
export function useRuntimeState<T>(selector: (state: RuntimeState) => T): T {
  return useStore(useRuntimeEnv('useRuntimeState').store, selector);
}

/** The tenant of this page (it does not change while the page lives). */
export function useTenant(): Tenant {
  return useRuntimeEnv('useTenant').tenant;
}

/** The server's startup settings of this page (they do not change while the page lives). */
export function useStartup(): StartupSettings {
  return useRuntimeEnv('useStartup').startup;
}

/**
 * The tenant's time zone offsets around now, as the server sent them with the page (the server
 * render has the same): times inside the window are formatted without Intl. Null without them.
 */
export function useZone(): TimeZoneWindow | null {
  return useRuntimeEnv('useZone').zone;
}

/** The startup state of this page: its view, the reload prompt, the member-centre and deposit-detail templates. */
export function useStartupState(): StartupState {
  return useRuntimeEnv('useStartupState').state;
}

export function useGateContext(): GateContext {
  return useRuntimeState((state) => state.gateContext);
}

/**
 * Whose data a member resource is: the member (merchant and account), not the session token, so
 * that a token renewal (every page renews) neither fetches the member's data again nor renders
 * its readers again. Null for a visitor.
 */
export function useMemberScope(): string | null {
  return useRuntimeState((state) => (state.session ? `${state.session.merchantCode}:${state.session.userName}` : null));
}

export function useSessionInfo(): SessionInfo | null {
  return useRuntimeState((state) => state.session);
}

export function useBalanceHidden(): boolean {
  return useRuntimeState((state) => state.balanceHidden);
}

export function useInstallMode(): InstallMode {
  return useRuntimeState((state) => state.install);
}

/** A live counter for an item badge; 0 when unknown or when no badge is asked for. */
export function useBadge(name: BadgeName | undefined): number {
  return useRuntimeState((state) => {
    const count = name ? state.badges[name] : undefined;
    return typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0;
  });
}

/**
 * Everything at once, for code that has not moved to the selector hooks: re-renders on any change
 * of the runtime state, like the single context it replaces.
 */
export function useRuntime(): Runtime {
  const env = useRuntimeEnv('useRuntime');
  const state = useStore(env.store, (s) => s);
  return useMemo<Runtime>(
    () => ({
      tenant: env.tenant,
      startup: env.startup,
      session: state.session,
      gateContext: state.gateContext,
      badges: state.badges,
      install: state.install,
      balanceHidden: state.balanceHidden,
      requireLogin: env.actions.requireLogin,
      dispatch: env.actions.dispatch,
    }),
    [env, state],
  );
}
