import type { TranslationKey } from '../lib/i18n-keys';
import { ROUTES, type RouteId } from '../lib/routes';

/**
 * The title key of every route, read from the route manifest. The manifest types each title
 * against the locale keys, so a route without a title, or a title key missing from the locales,
 * fails typecheck.
 */
export const ROUTE_TITLES: Readonly<Record<RouteId, TranslationKey>> = Object.fromEntries(ROUTES.map((r) => [r.id, r.title])) as Record<
  RouteId,
  TranslationKey
>;
