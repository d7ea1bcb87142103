/** Session resource: log in (encrypted body) and free-play trial login (schemas/api/session.json). */
import type { LoginPayload } from '../../../generated/api/session';
import type { Session } from '../../../generated/api/common';
import { HELD_PASSWORD_KEY, setSession } from '../../../lib/session';
import { removeItem, writeItem } from '../../../lib/storage';
import { request } from '../../../lib/api/client';

export type { LoginPayload, Session };

const LOGIN_PATH = '/wps/session/login';
const FREEPLAY_PATH = '/wps/session/login/freeplay';

/** Logs in by username and password, or by mobile number and SMS code (type sms). */
export function login(payload: LoginPayload): Promise<Session> {
  return request('POST', LOGIN_PATH, { body: payload, encrypt: true });
}

/** Creates a free-play trial member (type 4) and logs it in. */
export function loginFreePlay(): Promise<Session> {
  return request('POST', FREEPLAY_PATH, { body: {} });
}

/** True when a failed login's error value asks for a captcha (spec section 4). */
export function demandsCaptcha(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'captcha' in value && Boolean((value as { captcha?: unknown }).captcha);
}

/**
 * Stores a new session (login, registration, trial) and the password held for this tab: the
 * change-password screen asks for the old password only when none is held.
 */
export function startSession(value: Session, merchantCode: string, heldPassword: string | null): void {
  setSession(value, merchantCode);
  if (heldPassword) writeItem(HELD_PASSWORD_KEY, heldPassword, 'session');
  else removeItem(HELD_PASSWORD_KEY, 'session');
}
