/**
 * Session resource: renewal and logout (login belongs to the account forms, src/features/account/api/auth.ts).
 * No SWR hook: these are calls, not data to cache; the renewal hook is a plain effect.
 */
import { useEffect } from 'react';
import type { Renewal } from '../../generated/api/session';
import { confirmDialog, hideLoading, showLoading } from '../feedback';
import { currentToken, forgetSessionLocally, LOGOUT_RELOAD_PATH, pageLocation, reloadSessionFromStorage, replaceToken, sessionStore } from '../session';
import { ApiFailure, request } from './client';

const SESSION_PATH = '/wps/session';
const RENEW_PATH = '/wps/session/renew';

/**
 * POST /wps/session/renew: extends the session with a new token (rotation), which replaces the
 * stored one; the old token stops working a few seconds later.
 */
export function renewSession(): Promise<Renewal> {
  // One renewal at a time: a token can be renewed once, so two at once would refuse one.
  inFlight ??= renewOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let inFlight: Promise<Renewal> | null = null;

async function renewOnce(): Promise<Renewal> {
  const sent = currentToken();
  try {
    const renewal = await request('POST', RENEW_PATH, { body: {} });
    if (sent && typeof renewal?.token === 'string') replaceToken(sent, renewal.token);
    return renewal;
  } catch (err) {
    // The new token has been renewed in turn (another tab): its successor is in storage.
    if (err instanceof ApiFailure && err.errorCode === 'session.rotated') reloadSessionFromStorage();
    throw err;
  }
}

/** DELETE /wps/session: revokes the token on the server. */
function deleteSession(): Promise<true> {
  return request('DELETE', SESSION_PATH);
}

/**
 * Renews the session once per mount while a token is held (member centre load, home entry).
 * A failed renewal needs no message: an invalid session clears itself through the API client.
 */
export function useSessionRenewal(token: string | null | undefined): void {
  // Keyed on holding a token, not on its value: each renewal answers a new one.
  const held = Boolean(token);
  useEffect(() => {
    if (!held) return;
    renewSession().catch(() => undefined);
  }, [held]);
}

/**
 * The logout flow (spec section 4): confirm (in_popup_prompt / in_sure_logout), then the
 * in_please_wait spinner and DELETE /wps/session, then forget everything locally and reload to
 * /m/home. A failed call still logs out locally: the player asked to leave. Resolves false when
 * the player cancels.
 */
export async function logout(): Promise<boolean> {
  const confirmed = await confirmDialog({
    titleKey: 'in_popup_prompt',
    messageKey: 'in_sure_logout',
    confirmKey: 'confirm',
    cancelKey: 'cancel',
  });
  if (!confirmed) return false;
  showLoading('in_please_wait');
  try {
    if (sessionStore.info) await deleteSession();
  } catch {
    // Expired or already revoked: the local logout below is what the player needs.
  }
  forgetSessionLocally();
  hideLoading();
  pageLocation.replace(LOGOUT_RELOAD_PATH);
  return true;
}
