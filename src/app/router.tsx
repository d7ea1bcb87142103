import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import { HOME_PATH, isRouteOpen } from '../lib/layout-rules';
import { admitsMemberType, ROUTES, type MemberTypes, type RouteDef } from '../lib/routes';
import { effectiveFlags, effectiveSettings, useRuntime } from '../lib/runtime';
import { useHydrated } from '../lib/hydration';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';
import { SCREEN_MODULES } from './screen-modules';
import { RequireMember, RequireSession, TrialGuard } from './shell/guards';

type RouteFields = Omit<RouteObject, 'path' | 'index'>;

/** An alias keeps its query string when it lands on the canonical path (/m/member/home?x -> /m/mine?x). */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** A route for some member types only: anyone else is sent home, replacing the entry. */
function RequireMemberType({ types, children }: { types: MemberTypes; children?: ReactNode }) {
  const { session } = useRuntime();
  // The session is known once the page runs in the browser (not while hydrating the server's HTML).
  if (!useHydrated()) return PAGE_LOADING;
  if (!session || !admitsMemberType(types, session.type)) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}

/**
 * A screen behind the guard its manifest entry names. A visitor: on a member-centre page, asked
 * to log in there (the member centre itself has its own visitor view); on another member page, sent
 * to the login page; on a page for some member types (the agent's), sent home (spec section 4).
 */
function Guarded({ route, children }: { route: RouteDef; children: ReactNode }) {
  const typed = route.memberTypes ? <RequireMemberType types={route.memberTypes}>{children}</RequireMemberType> : children;
  const screen = route.guard === 'memberCentre' || route.realAccount ? <TrialGuard path={route.path}>{typed}</TrialGuard> : typed;
  if (route.guard === 'memberCentre' && route.module !== 'memberCentre') return <RequireMember>{screen}</RequireMember>;
  return route.guard === 'session' && !route.memberTypes ? <RequireSession>{screen}</RequireSession> : <>{screen}</>;
}

/** The page while a screen's chunk loads on a first visit (as the shell's own page fallback). */
const PAGE_LOADING = <div className="page-loading" aria-hidden="true" />;

function isGuarded(route: RouteDef): boolean {
  return (route.guard ?? 'visitor') !== 'visitor' || route.memberTypes !== undefined || route.realAccount === true;
}

/** What a route keeps for start-up: the loader of its screen's chunk (see preloadRoute). */
interface RouteHandle {
  preload?: () => Promise<void>;
}

/**
 * A screen in its own chunk. It renders at once when the chunk is already loaded (a page the
 * server rendered preloads it before hydrating, so the first render is the server's screen, not a
 * fallback); otherwise it suspends until the chunk arrives, under the shell's page fallback.
 */
function loadableScreen(load: () => Promise<ComponentType>): { Screen: ComponentType; preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (err: unknown) => {
        // A failed chunk is fetched again by the next attempt.
        pending = undefined;
        throw err;
      },
    ));
  function Screen() {
    if (!loaded) throw preload();
    const Loaded = loaded;
    return <Loaded />;
  }
  return { Screen, preload };
}

/**
 * A route whose screen loads with it. A guarded route renders its guard around the screen, so on
 * a first visit the guard decides while the chunk is still loading (a visitor on /m/set goes to
 * the login page at once).
 */
function lazyScreen(route: RouteDef, load: () => Promise<ComponentType>): RouteFields {
  const { Screen, preload } = loadableScreen(load);
  const handle: RouteHandle = { preload };
  return { element: isGuarded(route) ? <Guarded route={route}><Screen /></Guarded> : <Screen />, handle };
}

/**
 * What a route renders: the tenant's node tree for it when the entry names a tenant screen this
 * tenant has, else its screen module, else the empty-state placeholder under its title.
 */
function screenRoute(route: RouteDef, config: AppConfig): RouteFields {
  // A member screen that renews the session shows its (empty) main even where the tenant has no node tree for it.
  if (route.screen !== undefined && (config.tenant.screens[route.screen] || route.renew)) {
    return lazyScreen(route, async () => {
      const { default: SlotScreen } = await import('./screens/slot-screen');
      return function RouteSlotScreen() {
        return <SlotScreen route={route} />;
      };
    });
  }
  if (route.module !== undefined) {
    const screenModule = SCREEN_MODULES[route.module];
    if ('load' in screenModule) return lazyScreen(route, screenModule.load);
    const { Component } = screenModule;
    return {
      element: (
        <Guarded route={route}>
          <Component />
        </Guarded>
      ),
    };
  }
  return lazyScreen(route, async () => {
    const { default: PlaceholderScreen } = await import('./screens/placeholder-screen');
    return function RoutePlaceholder() {
      return <PlaceholderScreen titleKey={route.title} />;
    };
  });
}

/**
 * The key a path is looked up by: React Router's matching rules for static paths (case-insensitive,
 * "/m" and "/m/" alike, percent-decoded), so that every spelling that reached a screen still does.
 */
function routeKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // a malformed escape is looked up as written
  }
  const trimmed = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  return trimmed.toLowerCase();
}

/**
 * Every path of the manifest by its key, canonical and alias (all of them are static paths). A
 * path's route is made when it is first looked up: a page starts with the one it shows.
 */
class RouteTable {
  private readonly defs = new Map<string, () => RouteFields>();
  private readonly made = new Map<string, RouteFields>();
  /** Keys of the routes this tenant closes (not whitelisted, or their gate closed), aliases included. */
  private readonly closed = new Set<string>();

  constructor(config: AppConfig, manifest: readonly RouteDef[]) {
    const whitelist = config.tenant.routes.whitelist;
    const flags = effectiveFlags(config);
    const settings = effectiveSettings(config);
    const add = (path: string, make: () => RouteFields) => {
      const key = routeKey(path);
      if (!this.defs.has(key)) this.defs.set(key, make);
      return key;
    };
    for (const route of manifest) {
      const open = isRouteOpen(route, whitelist, flags, settings);
      // Closed: home at once, before any guard or screen renders (no flash of the screen).
      const keys = [add(route.path, () => (open ? screenRoute(route, config) : { element: <Navigate to={HOME_PATH} replace /> }))];
      for (const alias of route.aliases ?? []) keys.push(add(alias, () => ({ element: <RedirectTo to={route.path} /> })));
      if (!open) for (const key of keys) this.closed.add(key);
    }
  }

  /** Where a path of a closed route leads instead (home), or undefined for a path the table shows or does not know. */
  redirectOf(key: string): string | undefined {
    return this.closed.has(key) ? HOME_PATH : undefined;
  }

  get(key: string): RouteFields | undefined {
    let route = this.made.get(key);
    if (!route) {
      route = this.defs.get(key)?.();
      if (route) this.made.set(key, route);
    }
    return route;
  }
}

/** Unknown paths land on home rather than on a dead end. */
const UNKNOWN_PATH: RouteFields = { element: <Navigate to={HOME_PATH} replace /> };

function lookUp(table: RouteTable, pathname: string): { key: string; route: RouteFields } {
  const key = routeKey(pathname);
  return { key, route: table.get(key) ?? UNKNOWN_PATH };
}

/**
 * The screen of the current path, from the table: one map lookup per render, where a route list
 * of some eighty entries would be flattened and ranked on every navigation and at start-up. Each
 * path mounts its screen afresh (keyed), as a route change did.
 */
function RouteSwitch({ table }: { table: RouteTable }) {
  const { pathname } = useLocation();
  const { key, route } = lookUp(table, pathname);
  return <Fragment key={key}>{route.element}</Fragment>;
}

/**
 * The routes for every path of a route manifest, canonical and alias, under the root layout. A
 * route the tenant's whitelist does not name, or whose gate's flag is off, leads home (its aliases
 * too, through the canonical path).
 */
export function appRoutes(config: AppConfig, manifest: readonly RouteDef[] = ROUTES): RouteObject[] {
  const table = new RouteTable(config, manifest);
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootLayout config={config} />
        </RouteErrorBoundary>
      ),
      children: [{ path: '*', element: <RouteSwitch table={table} />, handle: table }],
    },
  ];
}

/** The app's routes under the router the page runs in (the browser's, the server's or a test's). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Where the server answers a redirect instead of a page: a route this tenant closes leads home (a
 * `<Navigate>` does nothing in a server render, so the server says it itself).
 */
export function serverRedirect(routes: RouteObject[], location: { pathname: string }): string | undefined {
  const table = routes[0]?.children?.[0]?.handle;
  if (!(table instanceof RouteTable)) return undefined;
  return table.redirectOf(routeKey(location.pathname));
}

/** Loads the screen chunk of a location's route (before hydrating a page the server rendered). */
export async function preloadRoute(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const table = routes[0]?.children?.[0]?.handle;
  if (!(table instanceof RouteTable)) return;
  await (lookUp(table, location.pathname).route.handle as RouteHandle | undefined)?.preload?.();
}
