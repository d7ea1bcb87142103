/**
 * Client state and hydration. State that changes while the page lives is a valtio proxy; readers
 * select one value of it (`useProxyState`) and re-render only when that value changes. What the
 * browser alone knows (storage, device) is read after hydration (`useClientValue`), so that every
 * screen renders on the server and hydrates to the same HTML.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { ref, snapshot, subscribe } from 'valtio';

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
 * Reads a valtio state through a selector. Selectors return a value kept in the state or a
 * primitive (objects are stored with valtio's `ref`, so they keep their identity), so React's
 * Object.is check is the equality that decides whether the reader re-renders. A reader hydrating
 * the server's HTML renders `serverState` (what the server rendered: a visitor's view) first and
 * moves to the live state in a transition (useRevealed).
 */
export function useProxyState<S extends object, T>(state: S, selector: (state: S) => T, serverState: S): T {
  // Notified in sync, so a change made inside act() or a layout effect reaches its readers at once.
  const listen = useCallback((listener: () => void) => subscribe(state, listener, true), [state]);
  return useRevealed(
    listen,
    () => selector(snapshot(state) as S),
    () => selector(serverState),
  );
}

/**
 * Writes a patch into a valtio state. Objects go in by reference (valtio's `ref`): readers that
 * select them get the very object written, so an unchanged one never re-renders them. Writing
 * the value a field already holds notifies nobody.
 */
export function patchState<S extends object>(state: S, patch: Partial<S>): void {
  for (const key of Object.keys(patch) as (keyof S)[]) {
    const value = patch[key];
    state[key] = (value !== null && typeof value === 'object' ? ref(value) : value) as S[keyof S];
  }
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
