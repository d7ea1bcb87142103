import { lazy, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import { HOME_PATH, isRouteAllowed } from '../lib/layout-rules';
import { ROUTES, type RouteDef, type RouteId } from '../lib/routes';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ROUTE_TITLES } from './route-titles';
import { HomeScreen } from '../features/home/screens/home-screen';
import { MemberCentreGuard, RequireSession } from './shell/guards';

// Only home is in the first load; every other screen is its own chunk.
const PlaceholderScreen = lazy(() => import('./screens/placeholder-screen'));
const MemberCentreScreen = lazy(() => import('../features/account/screens/member-centre-screen'));
const SettingsScreen = lazy(() => import('../features/account/screens/settings-screen'));
const FormScreen = lazy(() => import('../features/account/screens/form-screen'));
const StatusView = lazy(() => import('./shell/status-views'));
const GameListScreen = lazy(() => import('../features/games/screens/game-list-screen'));
const LaunchScreen = lazy(() => import('../features/games/screens/launch-screen'));
const HelpScreen = lazy(() => import('../features/home/screens/help-screen'));

/** /m/startLottery with a vendor starts that lottery (the frame route's parameters); without one it lists lotteries. */
function StartLottery() {
  const { search } = useLocation();
  return new URLSearchParams(search).get('vendor') ? <LaunchScreen /> : <GameListScreen />;
}

/** An alias keeps its query string when it lands on the canonical path (/m/member/home?x -> /m/mine?x). */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** React Router matches "/m" and "/m/" alike: collapse them so each path is declared once. */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The element of a route: its screen, behind the guard the spec gives it. */
export function screenFor(id: RouteId): ReactElement {
  switch (id) {
    case 'home':
      return <HomeScreen />;
    case 'mine':
      return (
        <MemberCentreGuard>
          <MemberCentreScreen />
        </MemberCentreGuard>
      );
    case 'set':
      return (
        <RequireSession>
          <SettingsScreen />
        </RequireSession>
      );
    case 'changePsw':
      return (
        <RequireSession>
          <FormScreen screen="changePsw" />
        </RequireSession>
      );
    case 'login':
    case 'register':
    case 'forget':
      return <FormScreen screen={id} />;
    case 'maintenance':
      return <StatusView view="maintenance" />;
    case 'gameList':
    case 'gameLobby':
    case 'gameCenter':
    case 'slotsCenter':
    case 'lottery':
    case 'moreLottery':
      return <GameListScreen />;
    case 'startLottery':
      return <StartLottery />;
    case 'launchGame':
      return <LaunchScreen />;
    case 'help':
    case 'helpDetail':
      return <HelpScreen />;
    default:
      return <PlaceholderScreen titleKey={ROUTE_TITLES[id]} />;
  }
}

/**
 * The route objects for every path of the route table, canonical and alias. A route the tenant's
 * whitelist does not name leads home (its aliases too, through the canonical path).
 */
export function appRoutes(config: AppConfig): RouteObject[] {
  const whitelist = config.tenant.routes.whitelist;
  const seen = new Set<string>();
  const children: RouteObject[] = [];
  const add = (path: string, route: Omit<RouteObject, 'path' | 'children' | 'index'>) => {
    const p = normalise(path);
    if (seen.has(p)) return;
    seen.add(p);
    children.push({ ...route, path: p } as RouteObject);
  };
  for (const route of ROUTES as readonly RouteDef[]) {
    const id = route.id as RouteId;
    const allowed = isRouteAllowed(route.path, whitelist);
    add(route.path, { element: allowed ? screenFor(id) : <Navigate to={HOME_PATH} replace /> });
    for (const alias of route.aliases ?? []) add(alias, { element: <RedirectTo to={route.path} /> });
  }
  // Unknown paths land on home rather than on a dead end.
  children.push({ path: '*', element: <Navigate to={HOME_PATH} replace /> });
  return [{ element: <RootLayout config={config} />, errorElement: <RouteError />, children }];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(appRoutes(config));
}
