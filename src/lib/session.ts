/**
 * The session store (valtio), persisted under the spec's key MC_SESSION_INFO. The trial
 * account's name lives in session storage. Storage is not trusted: a record that fails its
 * schema reads as no session.
 */
import { proxy, subscribe } from 'valtio';
import type { SessionInfo } from '../generated/storage/session-info';
import { validateSessionInfo } from '../generated/validators.js';
import { readJson, readItem, removeItem, writeItem } from './storage';
import { href } from './routes';

export const SESSION_KEY = 'MC_SESSION_INFO';
/** Session-storage key of the free-trial account's name. */
export const TRIAL_NAME_KEY = 'trialUserName';
/** Session-storage key of the password held for this tab (spec: "the PSW session entry"). */
export const HELD_PASSWORD_KEY = 'PSW';
/** Member type of free-trial accounts. */
const TRIAL_MEMBER_TYPE = 4;

/** What a successful login (or trial login) returns. */
export interface LoginValue {
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  /** Logged in with a temporary password: nothing but the password change until it is made. */
  mustChangePassword?: boolean;
}

export interface SessionState {
  info: SessionInfo | null;
  trialName: string | null;
}

/** Storage is not trusted: a record that fails the schema reads as no session. */
export function readStoredSession(): SessionInfo | null {
  const value = readJson(SESSION_KEY);
  return value !== undefined && validateSessionInfo(value) ? (value as SessionInfo) : null;
}

/**
 * Empty at import: storage is read by syncSessionFromStorage before the first render that reads
 * it (the page's start-up, the app's providers), so that the browser's first storage access (it
 * opens the origin's storage) is not part of the scripts' evaluation.
 */
export const sessionStore = proxy<SessionState>({ info: null, trialName: null });

subscribe(sessionStore, () => {
  if (sessionStore.info) writeItem(SESSION_KEY, JSON.stringify(sessionStore.info));
  else removeItem(SESSION_KEY);
  if (sessionStore.trialName) writeItem(TRIAL_NAME_KEY, sessionStore.trialName, 'session');
  else removeItem(TRIAL_NAME_KEY, 'session');
});

/** Stores a new session after a login, registration or trial login. */
export function setSession(value: LoginValue, merchantCode: string): void {
  sessionStore.info = {
    token: value.token,
    merchantCode,
    userName: value.userName,
    type: value.customerType,
    firstTimeLogin: value.firstTimeLogin,
    ...(value.mustChangePassword ? { mustChangePassword: true } : {}),
  };
  sessionStore.trialName = value.customerType === TRIAL_MEMBER_TYPE ? value.userName : null;
}

/**
 * A renewal answered a new token for `previous` (the old one stops working within seconds).
 * Ignored when the store moved on meanwhile (logout, another login).
 */
export function replaceToken(previous: string, token: string): void {
  if (sessionStore.info && sessionStore.info.token === previous) sessionStore.info.token = token;
}

/** The password was changed: the session is no longer limited to the password change. */
export function passwordChanged(): void {
  if (sessionStore.info?.mustChangePassword) delete sessionStore.info.mustChangePassword;
}

/** Where a member who must change the password is sent, from any other page. */
export const CHANGE_PASSWORD_ROUTE = href('changePsw');

/** Forgets the session locally (the logout flow also calls the server and clears more). */
export function clearSession(): void {
  sessionStore.info = null;
  sessionStore.trialName = null;
  removeItem(HELD_PASSWORD_KEY, 'session');
}

/** Re-reads storage; another tab may have logged in or out. */
export function reloadSessionFromStorage(): void {
  sessionStore.info = readStoredSession();
}

/**
 * Re-reads storage only when it differs from the store (the app shell calls it on mount, so a
 * session written before the page's scripts ran, e.g. by another tab or a test, is picked up).
 */
export function syncSessionFromStorage(): void {
  const stored = readStoredSession();
  if (JSON.stringify(stored) !== JSON.stringify(sessionStore.info)) sessionStore.info = stored;
  const trial = readItem(TRIAL_NAME_KEY, 'session');
  if (trial !== sessionStore.trialName) sessionStore.trialName = trial;
}

/** The current token, for the API client. */
export function currentToken(): string | null {
  return sessionStore.info?.token ?? null;
}

/** Local-storage flag the remembered login reads; logout turns it off (spec section 4). */
export const AUTO_LOGIN_KEY = 'autoLogin';
/** Cached bank lists (deposit and withdrawal screens) are per member: logout drops every key with this prefix. */
const BANK_LIST_CACHE_PREFIX = 'bankList';
export const LOGOUT_RELOAD_PATH = href('home');

/** The full-page navigation logout ends with; an object so that tests can replace it. */
export const pageLocation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

function clearStorageArea(which: 'local' | 'session', match: (key: string) => boolean): void {
  try {
    const area = which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    if (!area) return;
    const keys: string[] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key !== null && match(key)) keys.push(key);
    }
    for (const key of keys) area.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/** Everything logout forgets locally: token, trial user, member info, session storage, auto-login, bank lists. */
export function forgetSessionLocally(): void {
  clearSession();
  clearStorageArea('session', () => true);
  clearStorageArea('local', (key) => key.startsWith(BANK_LIST_CACHE_PREFIX));
  writeItem(AUTO_LOGIN_KEY, '0');
}
