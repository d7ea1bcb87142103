// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { HELD_PASSWORD_KEY, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import {
  SESSION_VALUE,
  byLabel,
  callsTo,
  fail,
  location,
  renderForm,
  scriptApi,
  setUpFormTests,
  tenantWith,
  type,
  type Handler,
} from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const ForgotPasswordForm = manifest.component;

setUpFormTests(request, <ForgotPasswordForm />, () => import('./forgot-password-form'));
const EMAIL = 'POST /wps/security/forgotPassword/email';
const RESET_SMS = 'POST /wps/verification/sms/resetPassword';
const SET_BY_PHONE = 'POST /wps/security/setPasswordByPhone';

const phoneTenant = () => tenantWith((t) => (t.flags.CHNGPASSVERIF3 = true));

function setup(handlers: Record<string, Handler> = {}, options: Parameters<typeof renderForm>[1] = {}) {
  const calls = scriptApi(request, handlers);
  renderForm(<ForgotPasswordForm />, { route: '/m/forget', ...options });
  return calls;
}

describe('forgot-password-form', () => {
  it('offers only e-mail without CHNGPASSVERIF3', () => {
    setup();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(byLabel('username')).toBeTruthy();
    expect(byLabel('email')).toBeTruthy();
    expect(screen.queryByLabelText(TY.mobile_number, { selector: 'input' })).toBeNull();
  });

  it('with CHNGPASSVERIF3 offers phone and e-mail, phone by default', () => {
    setup({}, { tenant: phoneTenant() });
    expect(screen.getByRole('tab', { name: TY.by_phone }).getAttribute('aria-selected')).toBe('true');
    expect(byLabel('mobile_number')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: TY.by_email }));
    expect(byLabel('email')).toBeTruthy();
  });

  it('e-mail: checks username and e-mail pattern, sends both trimmed and form-encoded, shows "sent" for 1 s, then goes back', async () => {
    const calls = scriptApi(request, { [EMAIL]: () => true });
    // Enter the screen from the login page, so there is history to go back to.
    renderForm(<ForgotRoutes />, { route: '/m/login' });
    fireEvent.click(screen.getByRole('link', { name: 'to forget' }));
    fireEvent.click(screen.getByRole('button', { name: TY.retrieve_password }));
    expect(screen.getAllByText(TY.field_required)).toHaveLength(2);
    type('username', '  juan123 ');
    type('email', 'juan@');
    fireEvent.click(screen.getByRole('button', { name: TY.retrieve_password }));
    expect(screen.getByText(TY.in_email_incorrect)).toBeTruthy();
    expect(callsTo(calls, EMAIL)).toHaveLength(0);
    type('email', ' juan.dela-cruz@mail.example.ph ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: TY.retrieve_password }));
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toContain('in_been_out'));
    expect(feedbackStore.toasts.find((t) => t.key === 'in_been_out')?.durationMs).toBe(1000);
    expect(callsTo(calls, EMAIL)[0].opts).toEqual({ form: { username: 'juan123', email: 'juan.dela-cruz@mail.example.ph' } });
    expect(location()).toBe('/m/forget');
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(location()).toBe('/m/login'));
  });

  it('phone: sends the reset SMS after checking the number, then sets the password and logs in', async () => {
    const calls = setup(
      {
        [RESET_SMS]: () => ({ expiredMinutes: 5 }),
        [SET_BY_PHONE]: () => ({ userName: 'juan123' }),
        'POST /wps/session/login': () => SESSION_VALUE,
      },
      { tenant: phoneTenant() },
    );
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    expect(screen.getByText(TY.mobile_required)).toBeTruthy();
    type('mobile_number', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    expect(callsTo(calls, RESET_SMS)[0].opts.body).toEqual({ mobileNo: '9171234567', countryDialingCode: '+63' });
    type('verification_code', '123456');
    type('new_password', 'newpass77');
    fireEvent.click(screen.getByRole('button', { name: TY.set_password }));
    await waitFor(() => expect(location()).toBe('/m/home'));
    expect(callsTo(calls, SET_BY_PHONE)[0].opts.body).toEqual({
      mobileNum: '9171234567',
      verificationCode: '123456',
      newPassword: 'newpass77',
      countryDialingCode: '+63',
    });
    expect(callsTo(calls, 'POST /wps/session/login')[0].opts.body).toEqual({ type: 'username', username: 'juan123', password: 'newpass77' });
    await waitFor(() => expect(localStorage.getItem(SESSION_KEY)).not.toBeNull());
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('newpass77');
  });

  it('phone: a wrong code clears the code field and says so', async () => {
    setup(
      {
        [RESET_SMS]: () => ({ expiredMinutes: 5 }),
        [SET_BY_PHONE]: () => fail('sms.code.invalid', 'verification_code_error', { field: '/verificationCode' }),
      },
      { tenant: phoneTenant() },
    );
    type('mobile_number', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    type('verification_code', '999999');
    type('new_password', 'newpass77');
    fireEvent.click(screen.getByRole('button', { name: TY.set_password }));
    expect(await screen.findByText(TY.verification_code_error)).toBeTruthy();
    expect(byLabel('verification_code').value).toBe('');
    expect(byLabel('new_password').value).toBe('newpass77');
  });
});

/** The login page links to the forget screen, as in the app. */
function ForgotRoutes() {
  return (
    <Routes>
      <Route path="/m/login" element={<Link to="/m/forget">to forget</Link>} />
      <Route path="/m/forget" element={<ForgotPasswordForm />} />
    </Routes>
  );
}
