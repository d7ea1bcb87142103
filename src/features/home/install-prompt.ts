/**
 * The browser's own install offer (Chromium's beforeinstallprompt): kept from the moment the page
 * runs so the download page can show an install button, and used once when the player taps it.
 */
import { proxy, useSnapshot } from 'valtio';
import { useHydrated } from '../../lib/hydration';

/** Chromium's event; not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installPromptStore = proxy<{ available: boolean; installed: boolean }>({ available: false, installed: false });

/** Outside the store: valtio would wrap the event in a proxy. */
let deferred: BeforeInstallPromptEvent | null = null;

/**
 * Listens for the install offer and for a finished install. Called once as the page starts in the
 * browser (the offer may come before any screen renders); returns the clean-up.
 */
export function listenForInstallPrompt(win: Window = window): () => void {
  const onPrompt = (event: Event) => {
    // Our own button asks, on the download page, instead of the browser's mini bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installPromptStore.available = true;
  };
  const onInstalled = () => {
    deferred = null;
    installPromptStore.available = false;
    installPromptStore.installed = true;
  };
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  installPromptStore.available = false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installPromptStore.installed = true;
  return outcome;
}

/**
 * The offer as a screen may show it: nothing on the server and during hydration (the server
 * cannot know it), the browser's state after.
 */
export function useInstallPrompt(): { available: boolean; installed: boolean } {
  const hydrated = useHydrated();
  const snap = useSnapshot(installPromptStore);
  return hydrated ? { available: snap.available, installed: snap.installed } : { available: false, installed: false };
}
