// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { readRememberedLogin, writeRememberedLogin } from '../../src/features/account';
import { HELD_PASSWORD_KEY, SESSION_KEY, reloadSessionFromStorage } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { byLabel, callsTo, fail, location, queryByLabel, renderForm, scriptApi, setUpFormTests, type, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const ChangePasswordForm = manifest.component;

setUpFormTests(request, <ChangePasswordForm />, () => import('./change-password-form'));
const CHANGE = 'POST /wps/security/v2/changePassword';

const confirm = () => fireEvent.click(screen.getByRole('button', { name: TY.confirm }));

function logIn(held: string | null) {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 1, firstTimeLogin: false }),
  );
  reloadSessionFromStorage();
  if (held) sessionStorage.setItem(HELD_PASSWORD_KEY, held);
}

function setup(handlers: Record<string, Handler> = {}) {
  const calls = scriptApi(request, handlers);
  renderForm(<ChangePasswordForm />, { route: '/m/changePsw' });
  return calls;
}

describe('change-password-form', () => {
  it('sends a visitor home', () => {
    setup();
    expect(location()).toBe('/m/home');
  });

  it('shows the username read-only and asks the old password only when none is held', () => {
    logIn('secret99');
    setup();
    expect(byLabel('username').value).toBe('juan123');
    expect(byLabel('username').readOnly).toBe(true);
    expect(queryByLabel('old_password')).toBeNull();
    cleanup();
    sessionStorage.clear();
    setup();
    expect(byLabel('old_password')).toBeTruthy();
  });

  it('checks old with loginPassword, new with password, and the confirmation', () => {
    logIn(null);
    const calls = setup();
    confirm();
    expect(document.activeElement).toBe(byLabel('old_password'));
    expect(screen.getByText(TY.enter_password)).toBeTruthy();
    type('old_password', 'abc');
    type('new_password', 'abcdefgh');
    type('confirm_password', 'abcdefgX');
    expect(screen.getAllByText(TY.format_password)).toHaveLength(2);
    expect(screen.getByText(TY.confirm_password_mismatch)).toBeTruthy();
    expect(callsTo(calls, CHANGE)).toHaveLength(0);
  });

  it('a new password equal to the old one raises the confirmation dialog and is not sent', async () => {
    logIn('secret99');
    const calls = setup();
    type('new_password', 'secret99');
    type('confirm_password', 'secret99');
    confirm();
    await waitFor(() => expect(feedbackStore.dialog?.messageKey).toBe('new_old_password_same'));
    expect(feedbackStore.dialog?.cancelKey).toBeUndefined();
    act(() => feedbackStore.dialog?.resolve(true));
    expect(callsTo(calls, CHANGE)).toHaveLength(0);
  });

  it('saves: loading 10 s, the call, "Change saved" 1 s, held and remembered passwords updated, home after 1 s', async () => {
    logIn('secret99');
    writeRememberedLogin({ type: 'username', username: 'juan123', password: 'secret99' });
    let loadingDuringCall: string | null = null;
    const calls = setup({
      [CHANGE]: () => {
        loadingDuringCall = feedbackStore.loading;
        return true;
      },
    });
    type('new_password', 'newpass77');
    type('confirm_password', 'newpass77');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirm();
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toContain('change_saved'));
    expect(loadingDuringCall).toBe('in_please_wait');
    expect(feedbackStore.loading).toBeNull();
    expect(feedbackStore.toasts.find((t) => t.key === 'change_saved')?.durationMs).toBe(1000);
    expect(callsTo(calls, CHANGE)[0].opts.body).toEqual({ oldPassword: 'secret99', newPassword: 'newpass77', confirmNewPassword: 'newpass77' });
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('newpass77');
    expect(readRememberedLogin('username')?.password).toBe('newpass77');
    expect(location()).toBe('/m/changePsw');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(location()).toBe('/m/home');
  });

  it('a failure only hides the loading and shows the error; a stale held password brings back the old-password field', async () => {
    logIn('stale000');
    setup({ [CHANGE]: () => fail('password.incorrect', 'err_password_incorrect', { field: '/oldPassword' }) });
    type('new_password', 'newpass77');
    type('confirm_password', 'newpass77');
    confirm();
    await waitFor(() => expect(byLabel('old_password')).toBeTruthy());
    expect(feedbackStore.loading).toBeNull();
    expect(feedbackStore.toasts).toHaveLength(0);
    expect(byLabel('old_password').getAttribute('aria-invalid')).toBe('true');
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBeNull();
    expect(location()).toBe('/m/changePsw');
  });

  describe('a member who never set a password (registered by SMS)', () => {
    const INFO = 'GET /wps/member/info';
    const info = (passwordSet: boolean) => () => ({ id: 7, account: 'juan123', type: 0, regDate: '2030-01-01T00:00:00.000Z', toUpline: null, passwordSet });

    it('is not asked for an old password: the first password is sent without one, and the member info read again', async () => {
      logIn(null);
      const calls = setup({ [INFO]: info(false), [CHANGE]: () => true });
      expect(await screen.findByTestId('first-password')).toBeTruthy();
      expect(screen.getByText(TY.first_password_intro)).toBeTruthy();
      expect(queryByLabel('old_password')).toBeNull();
      confirm();
      // The new password is still required and checked; the old one never is.
      expect(document.activeElement).toBe(byLabel('new_password'));
      type('new_password', 'newpass77');
      type('confirm_password', 'newpass77');
      const infoReads = callsTo(calls, INFO).length;
      confirm();
      await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toContain('change_saved'));
      expect(callsTo(calls, CHANGE)[0].opts.body).toEqual({ newPassword: 'newpass77', confirmNewPassword: 'newpass77' });
      expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('newpass77');
      await waitFor(() => expect(callsTo(calls, INFO).length).toBeGreaterThan(infoReads));
    });

    it('a member with a password and none held is asked for the old one', async () => {
      logIn(null);
      const calls = setup({ [INFO]: info(true) });
      await waitFor(() => expect(callsTo(calls, INFO)).toHaveLength(1));
      expect(byLabel('old_password')).toBeTruthy();
      expect(screen.queryByTestId('first-password')).toBeNull();
    });

    it('when the server says a password was set meanwhile, the old-password field comes back with the error', async () => {
      logIn(null);
      const calls = setup({
        [INFO]: info(false),
        [CHANGE]: () => fail('validation.failed', 'field_required', { field: '/oldPassword', messageKey: 'field_required' }),
      });
      await screen.findByTestId('first-password');
      type('new_password', 'newpass77');
      type('confirm_password', 'newpass77');
      confirm();
      await waitFor(() => expect(byLabel('old_password').getAttribute('aria-invalid')).toBe('true'));
      expect(screen.queryByTestId('first-password')).toBeNull();
      expect(location()).toBe('/m/changePsw');
      // Answered with the old password this time.
      type('old_password', 'secret99');
      confirm();
      await waitFor(() => expect(callsTo(calls, CHANGE)).toHaveLength(2));
      expect(callsTo(calls, CHANGE)[1].opts.body).toEqual({ oldPassword: 'secret99', newPassword: 'newpass77', confirmNewPassword: 'newpass77' });
    });
  });
});
