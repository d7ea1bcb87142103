/**
 * The session store (valtio), persisted under the spec's key MC_SESSION_INFO. The trial
 * account's name lives in session storage. Storage is not trusted: a record that fails its
 * schema reads as no session.
 */
import { proxy, subscribe, useSnapshot } from 'valtio';
import type { SessionInfo } from '../generated/storage/session-info';
import { validateSessionInfo } from '../generated/validators.js';
import { readJson, readItem, removeItem, writeItem } from './storage';

export const SESSION_KEY = 'MC_SESSION_INFO';
/** Session-storage key of the free-trial account's name. */
export const TRIAL_NAME_KEY = 'trialUserName';
/** Session-storage key of the password held for this tab (spec: "the PSW session entry"). */
export const HELD_PASSWORD_KEY = 'PSW';
/** Member type of free-trial accounts. */
export const TRIAL_MEMBER_TYPE = 4;

/** What a successful login (or trial login) returns. */
export interface LoginValue {
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
}

export interface SessionState {
  info: SessionInfo | null;
  trialName: string | null;
}

function readStored(): SessionInfo | null {
  const value = readJson(SESSION_KEY);
  return value !== undefined && validateSessionInfo(value) ? (value as SessionInfo) : null;
}

export const sessionStore = proxy<SessionState>({
  info: readStored(),
  trialName: readItem(TRIAL_NAME_KEY, 'session'),
});

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
  };
  sessionStore.trialName = value.customerType === TRIAL_MEMBER_TYPE ? value.userName : null;
}

/** Forgets the session locally (the logout flow also calls the server and clears more). */
export function clearSession(): void {
  sessionStore.info = null;
  sessionStore.trialName = null;
  removeItem(HELD_PASSWORD_KEY, 'session');
}

/** Re-reads storage; another tab may have logged in or out. */
export function reloadSessionFromStorage(): void {
  sessionStore.info = readStored();
}

/** The current token, for the API client. */
export function currentToken(): string | null {
  return sessionStore.info?.token ?? null;
}

/** The session, reactive. */
export function useSession(): SessionInfo | null {
  return useSnapshot(sessionStore).info as SessionInfo | null;
}
