import { lazy } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import { ROUTES, type RouteDef } from '../lib/routes';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ROUTE_TITLES } from './route-titles';
import { HomeScreen } from './screens/home-screen';

// Only home is in the first load; every other screen is its own chunk.
const PlaceholderScreen = lazy(() => import('./screens/placeholder-screen'));

/** An alias keeps its query string when it lands on the canonical path (/m/member/home?x -> /m/mine?x). */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** React Router matches "/m" and "/m/" alike: collapse them so each path is declared once. */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The route objects for every path of the route table, canonical and alias. */
export function appRoutes(config: AppConfig): RouteObject[] {
  const seen = new Set<string>();
  const children: RouteObject[] = [];
  const add = (path: string, route: Omit<RouteObject, 'path' | 'children' | 'index'>) => {
    const p = normalise(path);
    if (seen.has(p)) return;
    seen.add(p);
    children.push({ ...route, path: p } as RouteObject);
  };
  for (const route of ROUTES as readonly RouteDef[]) {
    const id = route.id as keyof typeof ROUTE_TITLES;
    add(route.path, {
      element: id === 'home' ? <HomeScreen /> : <PlaceholderScreen titleKey={ROUTE_TITLES[id]} />,
    });
    for (const alias of route.aliases ?? []) add(alias, { element: <RedirectTo to={route.path} /> });
  }
  // Unknown paths land on home rather than on a dead end.
  children.push({ path: '*', element: <Navigate to="/m/home" replace /> });
  return [{ element: <RootLayout config={config} />, errorElement: <RouteError />, children }];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(appRoutes(config));
}
