import { useSyncExternalStore } from 'react';

/**
 * State that changes while the page lives, read through selectors: a reader re-renders only when
 * the value it selects changes, never because a neighbouring field did.
 */
export interface Store<S extends object> {
  get(): S;
  /**
   * What the server rendered (and hydration must render first): a visitor's view, before the
   * browser's storage and device are read. Defaults to the initial state.
   */
  server(): S;
  /** Merges a patch; readers hear of it only when a field actually changed (Object.is). */
  set(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S extends object>(initial: S, serverState: S = initial): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    server: () => serverState,
    set(patch) {
      const keys = Object.keys(patch) as (keyof S)[];
      if (keys.every((key) => Object.is(patch[key], state[key]))) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Reads a store through a selector. Selectors return a value kept in the store or a primitive
 * (derived objects are computed once, in the store), so React's Object.is check is the equality
 * that decides whether the reader re-renders.
 */
export function useStore<S extends object, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.server()),
  );
}

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (storage, device, screen): `serverValue` on the server and while
 * hydrating, so the first render matches the server's HTML; the browser's value right after.
 * `read` must return the same value for the same state (a primitive or a cached object).
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/** False on the server and during hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
