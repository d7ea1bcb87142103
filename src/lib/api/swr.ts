/**
 * SWR for the API: one key shape, one fetcher, one set of defaults. Every key is made by
 * `resourceKey` as `[endpoint, query, scope]`, and the entry under a key always holds that
 * endpoint's answer (`fetchResource` is the only fetcher the hooks here use), so two hooks that
 * build the same key share one answer and no key can hold something else. A hook that hands out
 * a part of the answer selects it on read (`useResourceSelect`); the cache keeps the whole.
 *
 * Only lazily loaded code imports this module: SWR stays out of a visitor's first load.
 */
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration, type SWRInfiniteResponse } from 'swr/infinite';
import { usePageAnswer } from '../runtime';
import { request, type ApiFailure, type CheckedPath, type GetEndpoint, type Method, type Query, type QueryOf, type ResponseOf } from './client';

/**
 * The one shape of every key. `scope` keeps apart answers of one call that must not be shared:
 * the member they belong to (a session token), a form's own captcha, a list started afresh;
 * '' for answers every visitor shares.
 */
export type ResourceKey<K extends GetEndpoint = GetEndpoint> = readonly [endpoint: K, query: QueryOf<K> | null, scope: string];

export function resourceKey<K extends GetEndpoint>(endpoint: K, query: QueryOf<K> | null = null, scope: string | null | undefined = ''): ResourceKey<K> {
  return [endpoint, query, scope ?? ''];
}

/** True for a key of `endpoint`, whatever its query and scope (e.g. to revalidate every wallet entry). */
export function isResourceKey(key: unknown, endpoint: GetEndpoint): boolean {
  return Array.isArray(key) && key.length === 3 && key[0] === endpoint;
}

/** Refetches the entries of one key, or of every key `match` accepts (see isResourceKey). */
export function revalidate(match: ResourceKey | ((key: unknown) => boolean)): Promise<unknown> {
  return mutate(match);
}

/** The fetcher of every key: the endpoint's answer. */
export function fetchResource<K extends GetEndpoint>([endpoint, query]: ResourceKey<K>): Promise<ResponseOf<K>> {
  const space = endpoint.indexOf(' ');
  const method = endpoint.slice(0, space) as Method;
  const path = endpoint.slice(space + 1) as CheckedPath;
  // The key was typed by its endpoint, so the answer has that endpoint's type.
  return request(method, path, { query: (query ?? undefined) as Query | undefined }) as Promise<ResponseOf<K>>;
}

/**
 * Settings every resource hook shares; a hook passes only what differs, with its reason. Data
 * is not refetched when the tab regains focus unless a hook asks (balances, unread counts).
 */
export const RESOURCE_DEFAULTS = { revalidateOnFocus: false } as const satisfies SWRConfiguration;

/** useSWR on a resource key (null loads nothing), with the shared defaults. */
export function useResource<K extends GetEndpoint>(
  key: ResourceKey<K> | null,
  config?: SWRConfiguration<ResponseOf<K>, ApiFailure>,
): SWRResponse<ResponseOf<K>, ApiFailure> {
  const primed = usePageAnswer(key) as ResponseOf<K> | undefined;
  return useSWR<ResponseOf<K>, ApiFailure, ResourceKey<K> | null>(key, fetchResource, { ...RESOURCE_DEFAULTS, ...startingWith(primed), ...config });
}

/**
 * The page started with this answer (the server rendered with it): show it and do not fetch it
 * again on mount. Without one, the hook loads as usual.
 */
function startingWith<T>(primed: T | undefined): SWRConfiguration<T, ApiFailure> {
  return primed === undefined ? {} : { fallbackData: primed, revalidateOnMount: false };
}

/** What a hook handing out part of an answer returns; `mutate()` revalidates the whole answer. */
export interface ResourceView<T> {
  readonly data: T | undefined;
  readonly error: ApiFailure | undefined;
  readonly isLoading: boolean;
  readonly isValidating: boolean;
  mutate(): Promise<unknown>;
}

/**
 * A resource seen through `select`, which must return a part of the answer (not a new object)
 * so that `data` keeps its identity between renders. The fields are read lazily, as SWR's own
 * are, so a caller re-renders only for what it reads.
 */
export function useResourceSelect<K extends GetEndpoint, T>(
  key: ResourceKey<K> | null,
  select: (value: ResponseOf<K>) => T,
  config?: SWRConfiguration<ResponseOf<K>, ApiFailure>,
): ResourceView<T> {
  const res = useResource(key, config);
  return {
    get data() {
      const value = res.data;
      return value === undefined ? undefined : select(value);
    },
    get error() {
      return res.error;
    },
    get isLoading() {
      return res.isLoading;
    },
    get isValidating() {
      return res.isValidating;
    },
    mutate: () => res.mutate(),
  };
}

/** useSWRInfinite on resource keys, one per page, with the shared defaults. */
export function useResourcePages<K extends GetEndpoint>(
  getKey: (index: number, previous: ResponseOf<K> | null) => ResourceKey<K> | null,
  config?: SWRInfiniteConfiguration<ResponseOf<K>, ApiFailure>,
): SWRInfiniteResponse<ResponseOf<K>, ApiFailure> {
  // The first page may come with the page (the server rendered the list's start).
  const primed = usePageAnswer(getKey(0, null)) as ResponseOf<K> | undefined;
  return useSWRInfinite<ResponseOf<K>, ApiFailure>(getKey, fetchResource as (key: ResourceKey<K>) => Promise<ResponseOf<K>>, {
    ...RESOURCE_DEFAULTS,
    ...(primed === undefined ? {} : { fallbackData: [primed], revalidateOnMount: false, revalidateFirstPage: false }),
    ...config,
  });
}
