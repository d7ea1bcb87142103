/**
 * The runtime of a page: the provider that holds what changes while the page lives (session,
 * badges, install mode, balance visibility), runs item actions, and the hooks that read it.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { proxy, snapshot, subscribe } from 'valtio';
import type { InstallMode, Tenant } from '../../generated/tenant';
import type { SessionInfo } from '../../generated/storage/session-info';
import type { AppConfig, StartupSettings, TimeZoneWindow } from '../app-config';
import type { GateContext } from '../gates';
import { logout } from '../api/session';
import { reloadSessionFromStorage, SESSION_KEY, sessionStore, syncSessionFromStorage } from '../session';
import { openExternal } from '../browser-actions';
import { patchState, useClientValue, useProxyState } from '../hydration';
import type { StartupState } from '../startup-state';
import { DOWNLOAD_PATH, LOGIN_PATH, REGISTER_PATH, type BadgeCounts, type BadgeName, type Navigate, type RuntimeAction, type RuntimeActions } from './actions';
import { buildGateContext, detectInstallMode, effectiveFlags, effectiveSettings, startupStateOf } from './settings';
import { isLinkOpen } from '../layout-rules';

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

interface RuntimeEnv {
  tenant: Tenant;
  startup: StartupSettings;
  /** The tenant's time zone offsets the server sent with the page (AppConfig.zone). */
  zone: TimeZoneWindow | null;
  /** What the startup settings lead to (src/lib/startup-state.ts). */
  state: StartupState;
  /** The live state (valtio) and what the server rendered (a visitor in a plain tab). */
  live: RuntimeState;
  serverState: RuntimeState;
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
  const state = proxy<RuntimeState>({} as RuntimeState);
  patchState(state, initialState);
  const apply = (patch: Partial<Omit<RuntimeState, 'gateContext'>>) => {
    const next = { ...state, ...patch };
    patchState(state, { ...patch, gateContext: gateContextFor(next.session, next.install, next.hasUpline) });
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
          return apply({ balanceHidden: !state.balanceHidden });
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
    state,
    serverState,
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
  const memberView = useProxyState(runtime.state, (state) => state.session !== null, runtime.serverState);
  useEffect(() => {
    document.documentElement.dataset.view = memberView ? 'member' : 'visitor';
  }, [memberView]);

  const env = useMemo<RuntimeEnv>(
    () => ({ tenant: config.tenant, startup: config.startup, zone: config.zone ?? null, state: startupStateOf(config), live: runtime.state, serverState: runtime.serverState, actions: runtime.actions }),
    [config, runtime],
  );
  return <RuntimeContext.Provider value={env}>{children}</RuntimeContext.Provider>;
}

function useRuntimeEnv(hook: string): RuntimeEnv {
  const env = useContext(RuntimeContext);
  if (!env) throw new Error(`${hook}: no <RuntimeProvider> above this component`);
  return env;
}

/** dispatch, requireLogin and navigate: the same functions for the life of the page. */
export function useRuntimeActions(): RuntimeActions {
  return useRuntimeEnv('useRuntimeActions').actions;
}

/** One value of the runtime state; the caller re-renders only when that value changes (Object.is). */
export function useRuntimeState<T>(selector: (state: RuntimeState) => T): T {
  const env = useRuntimeEnv('useRuntimeState');
  return useProxyState(env.live, selector, env.serverState);
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
/**
 * Whether a link of tenant content leads to a route this tenant shows (its whitelist, the flags
 * and settings in force): a link to a closed route is not drawn as one (it would only bounce home).
 */
export function useLinkOpen(): (to: string) => boolean {
  const env = useRuntimeEnv('useLinkOpen');
  return useMemo(() => {
    const flags = effectiveFlags(env);
    const settings = effectiveSettings(env);
    return (to: string) => isLinkOpen(to, env.tenant.routes.whitelist, flags, settings);
  }, [env]);
}

export function useRuntime(): Runtime {
  const env = useRuntimeEnv('useRuntime');
  const session = useRuntimeState((s) => s.session);
  const gateContext = useRuntimeState((s) => s.gateContext);
  const badges = useRuntimeState((s) => s.badges);
  const install = useRuntimeState((s) => s.install);
  const balanceHidden = useRuntimeState((s) => s.balanceHidden);
  return useMemo<Runtime>(
    () => ({
      tenant: env.tenant,
      startup: env.startup,
      session,
      gateContext,
      badges,
      install,
      balanceHidden,
      requireLogin: env.actions.requireLogin,
      dispatch: env.actions.dispatch,
    }),
    [env, session, gateContext, badges, install, balanceHidden],
  );
}
