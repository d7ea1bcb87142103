import { describe, expect, it, vi } from 'vitest';
import { installPromptStore, listenForInstallPrompt, promptInstall } from '../../../src/features/home/install-prompt';

/** Chromium's install offer: kept (the browser's own mini bar held back), used once, gone after an install. */
describe('install prompt', () => {
  function offer(outcome: 'accepted' | 'dismissed') {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    event.prompt = vi.fn(async () => {});
    event.userChoice = Promise.resolve({ outcome });
    return event;
  }

  it('keeps the offer, prompts once, and records an accepted install', async () => {
    const win = new EventTarget() as unknown as Window;
    const stop = listenForInstallPrompt(win);
    expect(await promptInstall()).toBe('unavailable');
    const event = offer('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installPromptStore.available).toBe(true);
    expect(await promptInstall()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(installPromptStore).toMatchObject({ available: false, installed: true });
    expect(await promptInstall()).toBe('unavailable');
    stop();
    win.dispatchEvent(offer('dismissed'));
    expect(installPromptStore.available).toBe(false);
  });

  it('an install by the browser menu (appinstalled) drops the offer', () => {
    installPromptStore.installed = false;
    const win = new EventTarget() as unknown as Window;
    const stop = listenForInstallPrompt(win);
    win.dispatchEvent(offer('dismissed'));
    win.dispatchEvent(new Event('appinstalled'));
    expect(installPromptStore).toMatchObject({ available: false, installed: true });
    stop();
  });
});
