// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { ApiFailure, request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import {
  AUTO_LOGIN_KEY,
  pageLocation,
  SESSION_KEY,
  sessionStore,
  setSession,
} from '../../src/lib/session';
import { logout } from '../../src/lib/api/session';

const requestMock = vi.mocked(request);

function logIn(customerType = 0) {
  setSession({ token: 'tok-0123456789abcdef', userName: customerType === 4 ? 'trial01' : 'juan', customerType, firstTimeLogin: false }, 'demoph01');
}

/** Waits until the flow has asked to confirm, then answers. */
async function answer(confirmed: boolean) {
  await vi.waitFor(() => expect(feedbackStore.dialog).not.toBeNull());
  feedbackStore.dialog?.resolve(confirmed);
}

let replace: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
  localStorage.setItem('bankList_deposit', '[1,2]');
  localStorage.setItem('bankListWithdraw', '[3]');
  localStorage.setItem('language', 'EN');
  sessionStorage.setItem('PSW', 'secret');
  sessionStorage.setItem('other', 'x');
});

afterEach(() => {
  vi.restoreAllMocks();
  requestMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.info = null;
  sessionStore.trialName = null;
  feedbackStore.dialog = null;
  feedbackStore.loading = null;
});

describe('logout flow', () => {
  it('asks with in_popup_prompt / in_sure_logout and does nothing when cancelled', async () => {
    logIn();
    const done = logout();
    await answer(false);
    expect(await done).toBe(false);
    expect(requestMock).not.toHaveBeenCalled();
    expect(sessionStore.info?.userName).toBe('juan');
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the confirm dialog with the spec keys', async () => {
    logIn();
    const done = logout();
    await vi.waitFor(() => expect(feedbackStore.dialog).not.toBeNull());
    expect(feedbackStore.dialog).toMatchObject({ titleKey: 'in_popup_prompt', messageKey: 'in_sure_logout', confirmKey: 'confirm', cancelKey: 'cancel' });
    feedbackStore.dialog?.resolve(false);
    await done;
  });

  it('on confirm: in_please_wait spinner, DELETE /wps/session, local clean-up, reload to /m/home', async () => {
    logIn(4);
    let loadingDuringCall: string | null = null;
    requestMock.mockImplementation(async () => {
      loadingDuringCall = feedbackStore.loading;
      return true;
    });
    const done = logout();
    await answer(true);
    expect(await done).toBe(true);

    expect(requestMock).toHaveBeenCalledTimes(1);
    expect(requestMock).toHaveBeenCalledWith('DELETE', '/wps/session');
    expect(loadingDuringCall).toBe('in_please_wait');
    expect(feedbackStore.loading).toBeNull();

    expect(sessionStore.info).toBeNull();
    expect(sessionStore.trialName).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(SESSION_KEY)).toBeNull());
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(AUTO_LOGIN_KEY)).toBe('0');
    expect(localStorage.getItem('bankList_deposit')).toBeNull();
    expect(localStorage.getItem('bankListWithdraw')).toBeNull();
    expect(localStorage.getItem('language')).toBe('EN');
    expect(replace).toHaveBeenCalledWith('/m/home');
  });

  it('logs out locally even when the server call fails', async () => {
    logIn();
    requestMock.mockRejectedValue(new ApiFailure('session.invalid', 'account_logged_out', 401));
    const done = logout();
    await answer(true);
    expect(await done).toBe(true);
    expect(sessionStore.info).toBeNull();
    expect(feedbackStore.loading).toBeNull();
    expect(replace).toHaveBeenCalledWith('/m/home');
  });
});
