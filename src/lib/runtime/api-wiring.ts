/**
 * The API client wired to the session: the token each call carries, the device header, and what
 * happens when the server says a session is gone.
 */
import type { InstallMode } from '../../generated/tenant';
import { configureApi, type EncryptionSettings, type SessionEndReason } from '../api/client';
import type { AppConfig } from '../app-config';
import { confirmDialog, showToast, TOAST_SHORT_MS } from '../feedback';
import { clearSession, currentToken, readStoredSession, reloadSessionFromStorage, sessionStore } from '../session';
import { detectInstallMode } from './settings';

/**
 * The server said the session sent with a call is gone. Several calls may fail together: the
 * player is told once, when the session actually goes. A token replaced by a renewal (in this
 * tab or another one) is no reason to log out: the stored session is read again instead.
 */
export function sessionInvalidated(sentToken: string | null, reason?: SessionEndReason): void {
  if (!sessionStore.info) return;
  // This tab already holds a newer token.
  if (sentToken && sessionStore.info.token !== sentToken) return;
  // Another tab renewed (the stored token moved on).
  const stored = readStoredSession();
  if (sentToken && stored && stored.token !== sentToken) {
    reloadSessionFromStorage();
    return;
  }
  clearSession();
  // The session time limit says so in a toast; a time-out or self-exclusion in a dialog naming its end.
  if (reason?.messageKey === 'err_limit_session_reached') void showToast('err_limit_session_reached', TOAST_SHORT_MS);
  else if (reason) void confirmDialog({ messageKey: reason.messageKey, params: reason.params, confirmKey: 'ok' });
  else void showToast('account_logged_out', TOAST_SHORT_MS);
}

/** Spec section 7: running as an installed web app (a web clip or a standalone display), calls carry the device header OTHERS. */
export function deviceHeadersFor(install: InstallMode): Record<string, string> {
  return install === 'pwa' || install === 'webclip' ? INSTALLED_DEVICE_HEADERS : NO_HEADERS;
}
const INSTALLED_DEVICE_HEADERS: Readonly<Record<string, string>> = Object.freeze({ device: 'OTHERS' });
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Wires the API client to the session store and the startup settings. Called once by the app
 * shell; calling it again (tests, a remount) only re-points the same functions. How the page is
 * run is read at each call (`install`), never while rendering.
 */
export function setupApiClient(config: AppConfig, install: () => InstallMode = detectInstallMode): void {
  const encryption = (config.startup.encryption as EncryptionSettings | undefined) ?? null;
  // Encrypted bodies carry the time on the server's clock (a device clock may be off).
  const serverTime = Date.parse(String((config.startup as { serverTime?: unknown }).serverTime ?? ''));
  const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - Date.now() : 0;
  configureApi({
    token: currentToken,
    encryption: () => encryption,
    onSessionInvalid: sessionInvalidated,
    headers: () => deviceHeadersFor(install()),
    clockOffsetMs: () => clockOffsetMs,
  });
}
