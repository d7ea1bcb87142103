/**
 * Registers the site's worker with workbox-window (loaded only from src/sw/page.ts, once
 * the page is idle). `onWaiting` hears of a new build's worker waiting to take over, with the
 * function that lets it: SKIP_WAITING to the worker, then a reload when it controls the page.
 */
import { Workbox } from 'workbox-window';
import { SW_SCOPE, SW_URL } from './rules';

export async function registerWorker(onWaiting: (apply: () => void) => void): Promise<void> {
  const wb = new Workbox(SW_URL, { scope: SW_SCOPE });
  wb.addEventListener('waiting', () => {
    onWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
}
