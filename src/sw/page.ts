/**
 * The service worker's side in the page: registration once the page is idle (workbox-window loads
 * then, in a chunk of its own, so the first visit's work and bytes until network idle stay as they were)
 * and the update prompt's state. Production builds only: the dev server has no worker.
 */
import { proxy } from 'valtio';

export interface UpdateState {
  /** A new build's worker is installed and waits: the shell offers a reload. */
  waiting: boolean;
}

export const updateStore = proxy<UpdateState>({ waiting: false });

let takeOver: (() => void) | null = null;

/** The network counts as quiet once no resource has finished loading for this long. */
const QUIET_MS = 1_000;
/** At the latest this long after load. */
const MAX_WAIT_MS = 15_000;

/**
 * Runs `task` once the page has loaded, its network has been quiet for a while (banners, icons
 * and lazy chunks come first) and the main thread is idle: the worker's script and its
 * registration code then add nothing to the first visit's load.
 */
function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: 10_000 });
    else setTimeout(task, 0);
  };
  const quiet = () => {
    if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      setTimeout(idle, 3 * QUIET_MS);
      return;
    }
    let timer = setTimeout(done, QUIET_MS);
    // A page that never goes quiet (polling, a ticker) still gets its worker.
    const latest = setTimeout(done, MAX_WAIT_MS);
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    });
    function done() {
      clearTimeout(timer);
      clearTimeout(latest);
      observer.disconnect();
      idle();
    }
    observer.observe({ type: 'resource' });
  };
  if (document.readyState === 'complete') quiet();
  else window.addEventListener('load', quiet, { once: true });
}

/** Registers the worker once the page is idle (whenIdle); never throws (a page without a worker still works). */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    import('./page-registration')
      .then(({ registerWorker }) =>
        registerWorker((apply) => {
          takeOver = apply;
          updateStore.waiting = true;
        }),
      )
      .catch((err: unknown) => console.warn('service worker not registered', err));
  });
}

/** The update prompt's Reload: the waiting worker takes over and the page reloads once it has. */
export function applyUpdate(): void {
  updateStore.waiting = false;
  if (takeOver) takeOver();
  else window.location.reload();
}
