// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { HELD_PASSWORD_KEY, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { SESSION_VALUE, byLabel, callsTo, fail, renderForm, scriptApi, setUpFormTests, type, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const SetPasswordSmsForm = manifest.component;

setUpFormTests(request, <SetPasswordSmsForm />, () => import('./set-password-sms-form'));
const SET = 'POST /wps/security/setPasswordByPhone';
const SMS = 'POST /wps/verification/sms/noLogin';
const LOGIN = 'POST /wps/session/login';

const submitButton = () => screen.getByRole('button', { name: TY.submit }) as HTMLButtonElement;

async function fillAll() {
  type('mobile_number', '9170000009');
  fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
  await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
  type('verification_code', '123456');
  type('new_password', 'newpass77');
}

function setup(handlers: Record<string, Handler>, onDone = vi.fn()) {
  const calls = scriptApi(request, { [SMS]: () => ({ expiredMinutes: 5 }), ...handlers });
  renderForm(<SetPasswordSmsForm onDone={onDone} />, { route: '/m/gameList?gameType=RNG' });
  return { calls, onDone };
}

describe('set-password-sms-form', () => {
  it('blocks submit until every field is touched and none has an error', async () => {
    setup({});
    expect(submitButton().disabled).toBe(true);
    type('mobile_number', '9170000009');
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    type('verification_code', '123456');
    expect(submitButton().disabled).toBe(true);
    type('new_password', 'short');
    expect(submitButton().disabled).toBe(true);
    type('new_password', 'newpass77');
    expect(submitButton().disabled).toBe(false);
    type('mobile_number', '');
    expect(submitButton().disabled).toBe(true);
  });

  it('on success logs in with the mobile number and the new password', async () => {
    const { calls, onDone } = setup({ [SET]: () => ({ userName: 'demonopass' }), [LOGIN]: () => ({ ...SESSION_VALUE, userName: 'demonopass' }) });
    await fillAll();
    fireEvent.click(submitButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, SET)[0].opts.body).toEqual({
      mobileNum: '9170000009',
      verificationCode: '123456',
      newPassword: 'newpass77',
      countryDialingCode: '+63',
    });
    expect(callsTo(calls, LOGIN)[0].opts).toEqual({ body: { type: 'username', username: '9170000009', password: 'newpass77' }, encrypt: true });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ userName: 'demonopass' }));
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('newpass77');
  });

  it('errorCode modify.new.old.same clears the password field', async () => {
    const { calls } = setup({ [SET]: () => fail('modify.new.old.same', 'new_old_password_same', { field: '/newPassword' }) });
    await fillAll();
    fireEvent.click(submitButton());
    expect(await screen.findByText(TY.new_old_password_same)).toBeTruthy();
    expect(byLabel('new_password').value).toBe('');
    expect(byLabel('verification_code').value).toBe('123456');
    expect(callsTo(calls, LOGIN)).toHaveLength(0);
  });

  it('any other failure clears the SMS code field', async () => {
    setup({ [SET]: () => fail('sms.code.invalid', 'verification_code_error', { field: '/verificationCode' }) });
    await fillAll();
    fireEvent.click(submitButton());
    expect(await screen.findByText(TY.verification_code_error)).toBeTruthy();
    expect(byLabel('verification_code').value).toBe('');
    expect(byLabel('new_password').value).toBe('newpass77');
    expect(submitButton().disabled).toBe(true);
  });
});
