// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { ApiFailure, request } from '../../src/lib/api/client';
import { renewSession } from '../../src/lib/api/session';
import { feedbackStore } from '../../src/lib/feedback';
import { sessionInvalidated } from '../../src/lib/runtime';
import { passwordChanged, readStoredSession, replaceToken, SESSION_KEY, sessionStore, setSession } from '../../src/lib/session';

const requestMock = vi.mocked(request);
const OLD = 'tok-old-0123456789abcdef';
const NEW = 'tok-new-0123456789abcdef';

function logIn(extra: { mustChangePassword?: boolean } = {}) {
  setSession({ token: OLD, userName: 'juan', customerType: 0, firstTimeLogin: false, ...extra }, 'demoph01');
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  requestMock.mockReset();
  localStorage.clear();
  sessionStore.info = null;
  sessionStore.trialName = null;
  feedbackStore.toasts.splice(0);
});

describe('session token rotation', () => {
  it('stores the token a renewal answers', async () => {
    logIn();
    requestMock.mockResolvedValue({ token: NEW, expiresAt: '2030-01-01T00:00:00.000Z' });
    await renewSession();
    expect(requestMock).toHaveBeenCalledWith('POST', '/wps/session/renew', { body: {} });
    expect(sessionStore.info?.token).toBe(NEW);
    await flush();
    expect(readStoredSession()?.token).toBe(NEW);
  });

  it('sends one renewal at a time (a token renews once)', async () => {
    logIn();
    requestMock.mockResolvedValue({ token: NEW, expiresAt: '2030-01-01T00:00:00.000Z' });
    await Promise.all([renewSession(), renewSession()]);
    expect(requestMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.info?.token).toBe(NEW);
  });

  it('picks up the stored successor when another tab renewed first', async () => {
    logIn();
    await flush();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...readStoredSession(), token: NEW }));
    requestMock.mockRejectedValue(new ApiFailure('session.rotated', 'account_logged_out', 409));
    await expect(renewSession()).rejects.toThrow();
    expect(sessionStore.info?.token).toBe(NEW);
  });

  it('keeps a session that changed while the renewal was under way', () => {
    logIn();
    sessionStore.info!.token = 'tok-other-0123456789abcd';
    replaceToken(OLD, NEW);
    expect(sessionStore.info?.token).toBe('tok-other-0123456789abcd');
  });

  it('does not log out when a call made with a replaced token is refused', async () => {
    logIn();
    replaceToken(OLD, NEW);
    sessionInvalidated(OLD);
    expect(sessionStore.info?.token).toBe(NEW);
    // Another tab renewed: the stored token moved on, this tab picks it up.
    await flush();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...readStoredSession(), token: 'tok-tab2-0123456789abcde' }));
    sessionInvalidated(NEW);
    expect(sessionStore.info?.token).toBe('tok-tab2-0123456789abcde');
    // The current token itself refused: logged out.
    sessionInvalidated('tok-tab2-0123456789abcde');
    expect(sessionStore.info).toBeNull();
  });
});

describe('temporary password', () => {
  it('keeps "must change the password" in the stored session until the password is changed', async () => {
    logIn({ mustChangePassword: true });
    await flush();
    expect(readStoredSession()).toMatchObject({ token: OLD, mustChangePassword: true });
    passwordChanged();
    await flush();
    expect(readStoredSession()).not.toHaveProperty('mustChangePassword');
  });

  it('stores nothing extra for an ordinary login', async () => {
    logIn({ mustChangePassword: false });
    await flush();
    expect(readStoredSession()).not.toHaveProperty('mustChangePassword');
  });
});
