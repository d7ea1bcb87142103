import { startTransition, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

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
 * A value the server rendered one way and the browser knows another way (a member's session, a
 * device). While hydrating, the reader renders `readServer()`, so that the render matches the
 * server's HTML, and it stays held to it until it has committed; then, if `read()` differs, it
 * moves to it in a transition: React renders every such reader of a hydration together, in short
 * slices, instead of in one blocking task right after hydration (useSyncExternalStore alone would
 * re-render them all synchronously). All of them move in the same transition, so a screen never
 * shows the browser's value of one next to the server's value of another (a guard that knows the
 * page is hydrated but not yet the member). The transition renders the value read when it
 * started, not the live source, so that a change meanwhile (a badge count arriving) cannot send
 * the whole transition back to a blocking render; once committed, the reader follows the source
 * itself, and a value that moved on meanwhile reaches it at once. A reader whose value is the same
 * both ways follows the source at once and never renders for it. Readers mounted outside
 * hydration read the source from their first render.
 */
function useRevealed<T>(subscribe: (listener: () => void) => () => void, read: () => T, readServer: () => T): T {
  // Whether this reader is held to the server's value (it hydrated and has not moved yet).
  const [reader] = useState(() => ({ held: false }));
  // The value its reveal transition renders.
  const [revealed, reveal] = useState<{ value: T } | null>(null);
  const value = useSyncExternalStore(
    subscribe,
    () => (reader.held ? (revealed ? revealed.value : readServer()) : read()),
    // Called only while hydrating (and on the server).
    () => {
      reader.held = true;
      return readServer();
    },
  );
  // The reveal has committed: from now on the reader follows the source. (React then compares the
  // source's current value with the rendered one, and renders again only if it moved on meanwhile.)
  useLayoutEffect(() => {
    if (revealed) reader.held = false;
  }, [reader, revealed]);
  // Once, after the reader's first commit (the values it compares are the same for the same state).
  useEffect(() => {
    if (!reader.held) return;
    const next = read();
    if (Object.is(next, readServer())) reader.held = false;
    else startTransition(() => reveal({ value: next }));
  }, [reader]);
  return value;
}

/**
 * Reads a store through a selector. Selectors return a value kept in the store or a primitive
 * (derived objects are computed once, in the store), so React's Object.is check is the equality
 * that decides whether the reader re-renders. A reader hydrating the server's HTML renders the
 * server state first and moves to the store's in a transition (useRevealed).
 */
export function useStore<S extends object, T>(store: Store<S>, selector: (state: S) => T): T {
  return useRevealed(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.server()),
  );
}

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (storage, device, screen): `serverValue` on the server and while
 * hydrating, so the first render matches the server's HTML; the browser's value right after (in
 * the same transition as the stores' readers). `read` must return the same value for the same
 * state (a primitive or a cached object).
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useRevealed(noSubscription, read, () => serverValue);
}

/** False on the server and during hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
