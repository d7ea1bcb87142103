/**
 * Session resource: renewal and logout (login belongs to the account forms, src/lib/api/auth.ts).
 * No SWR hook: these are calls, not data to cache; the renewal hook is a plain effect.
 */
import { useEffect } from 'react';
import type { Renewal } from '../../generated/api/session';
import { currentToken, replaceToken } from '../session';
import { request } from './client';

export const SESSION_PATH = '/wps/session';
export const RENEW_PATH = '/wps/session/renew';

/**
 * POST /wps/session/renew: extends the session with a new token (rotation), which replaces the
 * stored one; the old token stops working a few seconds later.
 */
export async function renewSession(): Promise<Renewal> {
  const sent = currentToken();
  const renewal = await request<Renewal>('POST', RENEW_PATH, { body: {} });
  if (sent && typeof renewal?.token === 'string') replaceToken(sent, renewal.token);
  return renewal;
}

/** DELETE /wps/session: revokes the token on the server. */
export function deleteSession(): Promise<boolean> {
  return request<boolean>('DELETE', SESSION_PATH);
}

/**
 * Renews the session once per mount while a token is held (member centre load, home entry).
 * A failed renewal needs no message: an invalid session clears itself through the API client.
 */
export function useSessionRenewal(token: string | null | undefined): void {
  useEffect(() => {
    if (!token) return;
    renewSession().catch(() => undefined);
  }, [token]);
}
