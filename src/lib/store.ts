import { useSyncExternalStore } from 'react';

/**
 * State that changes while the page lives, read through selectors: a reader re-renders only when
 * the value it selects changes, never because a neighbouring field did.
 */
export interface Store<S extends object> {
  get(): S;
  /** Merges a patch; readers hear of it only when a field actually changed (Object.is). */
  set(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
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
  const read = () => selector(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
