// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { HELD_PASSWORD_KEY, SESSION_KEY, TRIAL_NAME_KEY } from '../../src/lib/session';
import { REMEMBERED_LOGIN_KEYS, readRememberedLogin, writeRememberedLogin } from '../../src/features/account';
import { AccountFormHostContext } from '../../src/features/account';
import { TY } from '../../tests/renderer/harness';
import {
  PNG_1PX,
  RULES,
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
import schema from './props.schema.json';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const LoginForm = manifest.component;

setUpFormTests(request, <LoginForm />, () => import('./login-form'));
const LOGIN = 'POST /wps/session/login';

const submit = () => fireEvent.click(screen.getByRole('button', { name: TY.login }));

function setup(handlers: Record<string, Handler> = {}, options: Parameters<typeof renderForm>[1] = {}, props = {}) {
  const calls = scriptApi(request, handlers);
  renderForm(<LoginForm {...props} />, options);
  return calls;
}

describe('login-form', () => {
  it('shows the mode switch only when the tenant setting mobileCodeLogin is on', () => {
    setup();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([TY.login_with_username, TY.login_with_mobile]);
    cleanup();
    setup({}, { tenant: tenantWith((t) => (t.settings.mobileCodeLogin = false)) });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(byLabel('username')).toBeTruthy();
  });

  it("the agent entry (/m/login?agent=1) logs in as an agent and goes to the agent home; a player is told 'Non-agents cannot log in'", async () => {
    let refuse = true;
    const calls = setup(
      { [LOGIN]: () => (refuse ? fail('login.agent.only', 'non_agent_login', undefined, 403) : SESSION_VALUE) },
      { route: '/m/login?agent=1' },
    );
    expect(screen.getByTestId('agent-login').textContent).toBe(TY.agent_login);
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    expect(await screen.findByText(TY.non_agent_login)).toBeTruthy();
    expect(callsTo(calls, LOGIN)[0].opts).toMatchObject({ body: { audience: 'agent' } });
    refuse = false;
    submit();
    await waitFor(() => expect(location()).toBe('/m/agent'));
  });

  it('logs in with the encrypted payload, stores the session, the remembered record and the held password, then goes home', async () => {
    const calls = setup({ [LOGIN]: () => SESSION_VALUE }, { route: '/m/login' });
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    await waitFor(() => expect(location()).toBe('/m/home'));
    const [call] = callsTo(calls, LOGIN);
    expect(call.opts).toEqual({ body: { type: 'username', username: 'juan123', password: 'secret99', audience: 'member' }, encrypt: true });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ token: SESSION_VALUE.token, merchantCode: 'fixture01', userName: 'juan123' }));
    expect(readRememberedLogin('username')).toEqual({ type: 'username', username: 'juan123', password: 'secret99' });
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('secret99');
  });

  it('remember password is on by default; turning it off clears the remembered record', async () => {
    writeRememberedLogin({ type: 'username', username: 'juan123', password: 'secret99' });
    setup({ [LOGIN]: () => SESSION_VALUE }, { route: '/m/login' });
    expect(byLabel('username').value).toBe('juan123');
    expect(byLabel('password').value).toBe('secret99');
    const remember = screen.getByRole('checkbox', { name: TY.remember_password }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    submit();
    await waitFor(() => expect(location()).toBe('/m/home'));
    expect(localStorage.getItem(REMEMBERED_LOGIN_KEYS.username)).toBeNull();
  });

  it('validates with the login rules before calling and focuses the first invalid field', () => {
    const calls = setup();
    type('password', 'secret99');
    submit();
    expect(callsTo(calls, LOGIN)).toHaveLength(0);
    expect(screen.getByText(TY.field_required)).toBeTruthy();
    expect(document.activeElement).toBe(byLabel('username'));
    type('username', 'ab');
    expect(screen.getByText(TY.format_account)).toBeTruthy();
  });

  it('shows no captcha after a failure whose error value does not ask for one', async () => {
    const calls = setup({ [LOGIN]: () => fail('login.failed', 'err_login_failed', undefined, 401) });
    type('username', 'juan123');
    type('password', 'wrong999');
    submit();
    await waitFor(() => expect(callsTo(calls, LOGIN)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.queryByLabelText(TY.captcha, { selector: 'input' })).toBeNull();
    expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(0);
  });

  it('shows and loads the captcha once a failed login asks for it; tapping the image refreshes it and clears the entry', async () => {
    const calls = setup({
      [LOGIN]: (opts, n) => (n === 1 ? fail('login.failed', 'err_login_failed', { captcha: true }, 401) : SESSION_VALUE),
    });
    type('username', 'juan123');
    type('password', 'wrong999');
    submit();
    const input = await screen.findByLabelText(TY.captcha, { selector: 'input' });
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(1));
    const image = screen.getByRole('button', { name: TY.captcha });
    await waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1PX}`));

    // Required, 6 digits.
    submit();
    expect(await screen.findByText(TY.captcha_required)).toBeTruthy();
    fireEvent.change(input, { target: { value: '12a3' } });
    expect((input as HTMLInputElement).value).toBe('123');
    submit();
    expect(await screen.findByText(TY.captcha_digits)).toBeTruthy();
    expect(callsTo(calls, LOGIN)).toHaveLength(1);

    fireEvent.click(image);
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(2));
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: '123456' } });
    submit();
    await waitFor(() => expect(callsTo(calls, LOGIN)).toHaveLength(2));
    expect(callsTo(calls, LOGIN)[1].opts.body).toMatchObject({ captcha: '123456', captchaId: 'cap-2' });
  });

  it('a wrong captcha shows its error on the captcha field and loads a new image', async () => {
    const calls = setup({
      [LOGIN]: (opts, n) =>
        n === 1 ? fail('login.failed', 'err_login_failed', { captcha: true }) : fail('captcha.invalid', 'err_captcha_invalid', { captcha: true }),
    });
    type('username', 'juan123');
    type('password', 'wrong999');
    submit();
    const input = await screen.findByLabelText(TY.captcha, { selector: 'input' });
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(1));
    fireEvent.change(input, { target: { value: '000000' } });
    submit();
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(2));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('switching mode reloads that mode’s remembered credentials and refreshes a shown captcha', async () => {
    writeRememberedLogin({ type: 'username', username: 'juan123', password: 'secret99' });
    writeRememberedLogin({ type: 'sms', username: '9171234567', password: '', countryDialingCode: '+63' });
    const calls = setup({ [LOGIN]: () => fail('login.failed', 'err_login_failed', { captcha: true }) });
    submit();
    await screen.findByLabelText(TY.captcha, { selector: 'input' });
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: TY.login_with_mobile }));
    expect(byLabel('mobile_number').value).toBe('9171234567');
    expect(screen.getByRole('tab', { name: TY.login_with_mobile }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: TY.login_with_username }));
    expect(byLabel('username').value).toBe('juan123');
    expect(byLabel('password').value).toBe('secret99');
  });

  it('mobile mode: the get-code button validates the number first, then sends and enables the code input', async () => {
    const calls = setup(
      {
        'POST /wps/verification/sms/noLogin': () => ({ expiredMinutes: 5 }),
        [LOGIN]: () => SESSION_VALUE,
      },
      { route: '/m/login' },
    );
    fireEvent.click(screen.getByRole('tab', { name: TY.login_with_mobile }));
    expect(byLabel('verification_code').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    expect(screen.getByText(TY.mobile_required)).toBeTruthy();
    type('mobile_number', '917');
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    expect(screen.getByText(TY.mobile_min_length.replace('{{min}}', '7'))).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/verification/sms/noLogin')).toHaveLength(0);
    type('mobile_number', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    expect(callsTo(calls, 'POST /wps/verification/sms/noLogin')[0].opts.body).toEqual({
      mobileNum: '9171234567',
      module: 'VERIFICATION3',
      countryDialingCode: '+63',
    });
    expect(screen.getByRole('button', { name: TY.resend_in.replace('{{seconds}}', '300') })).toBeTruthy();
    type('verification_code', '123456');
    submit();
    await waitFor(() => expect(callsTo(calls, LOGIN)).toHaveLength(1));
    expect(callsTo(calls, LOGIN)[0].opts.body).toEqual({ type: 'sms', username: '9171234567', password: '123456', countryDialingCode: '+63', audience: 'member' });
    await waitFor(() => expect(location()).toBe('/m/home'));
    // The SMS code is single use: the record keeps the number only; no password is held.
    expect(readRememberedLogin('sms')).toEqual({ type: 'sms', username: '9171234567', password: '', countryDialingCode: '+63' });
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBeNull();
  });

  it('mobile input is limited to 20 characters', () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: TY.login_with_mobile }));
    type('mobile_number', '1234567890123456789012345');
    expect(byLabel('mobile_number').value).toBe('12345678901234567890');
    expect(byLabel('mobile_number').maxLength).toBe(20);
  });

  it('toggles password visibility', () => {
    setup();
    expect(byLabel('password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: TY.show_password }));
    expect(byLabel('password').type).toBe('text');
    expect(screen.getByRole('button', { name: TY.hide_password }).getAttribute('aria-pressed')).toBe('true');
  });

  it('calls onDone instead of navigating when hosted in a dialog', async () => {
    const onDone = vi.fn();
    setup({ [LOGIN]: () => SESSION_VALUE }, { route: '/m/mine' }, { onDone });
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(location()).toBe('/m/mine');
  });

  it('takes onDone from an AccountFormHostContext provider too', async () => {
    const onDone = vi.fn();
    scriptApi(request, { [LOGIN]: () => SESSION_VALUE });
    renderForm(
      <AccountFormHostContext.Provider value={{ onDone }}>
        <LoginForm />
      </AccountFormHostContext.Provider>,
      { route: '/m/login' },
    );
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(location()).toBe('/m/login');
  });

  it('shown over another page without a host callback, a login leaves the page as it is', async () => {
    const calls = setup({ [LOGIN]: () => SESSION_VALUE }, { route: '/m/mine' });
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    await waitFor(() => expect(callsTo(calls, LOGIN)).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(SESSION_KEY)).not.toBeNull());
    expect(location()).toBe('/m/mine');
  });

  it('free trial logs in the trial account under the trial merchant code and goes home', async () => {
    const calls = setup({ 'POST /wps/session/login/freeplay': () => ({ ...SESSION_VALUE, userName: 'try123456789', customerType: 4 }) }, { route: '/m/login' });
    fireEvent.click(screen.getByRole('button', { name: TY.free_trial }));
    await waitFor(() => expect(location()).toBe('/m/home'));
    expect(callsTo(calls, 'POST /wps/session/login/freeplay')).toHaveLength(1);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ merchantCode: 'fixtrial01', type: 4 }));
    expect(sessionStorage.getItem(TRIAL_NAME_KEY)).toBe('try123456789');
  });

  it('social block: no buttons unless the deployment configures the provider, whatever the tenant switches on', () => {
    const allOn = tenantWith((t) => {
      t.settings.socialLogin = { enabled: true, telegram: 'DemoBot' };
      t.flags.FACEBOOKLOGIN3 = true;
      t.flags.GOOGLELOGIN3 = true;
    });
    // The startup settings without the field (an older server) and with none configured (the default and the demo).
    setup({}, { tenant: allOn });
    expect(screen.queryByText(TY.or_login_with)).toBeNull();
    expect(screen.queryByRole('button', { name: /Facebook|Google|Telegram/ })).toBeNull();
    cleanup();
    setup({}, { tenant: allOn, startup: { validation: RULES, info: { merchantCode: allOn.merchantCode, socialLogin: [] } } });
    expect(screen.queryByText(TY.or_login_with)).toBeNull();
    expect(screen.queryByRole('button', { name: /Facebook|Google|Telegram/ })).toBeNull();
    // The agent entry is the same form: nothing there either.
    cleanup();
    setup({}, { tenant: allOn, route: '/m/login?agent=1' });
    expect(screen.getByTestId('agent-login')).toBeTruthy();
    expect(screen.queryByText(TY.or_login_with)).toBeNull();
  });

  it('social block: a configured provider shows its button where the tenant switches it on', () => {
    const configured = (tenant: ReturnType<typeof tenantWith>, socialLogin: string[]) => ({ tenant, startup: { validation: RULES, info: { merchantCode: tenant.merchantCode, socialLogin } } });
    const facebookOn = tenantWith((t) => {
      t.settings.socialLogin = { enabled: true };
      t.flags.FACEBOOKLOGIN3 = true;
    });
    setup({}, configured(facebookOn, ['facebook']));
    expect(screen.getByText(TY.or_login_with)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
    // No sign-in flow exists yet: the tap says the service is unavailable.
    fireEvent.click(screen.getByRole('button', { name: 'Facebook' }));
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('no_permission');
    cleanup();
    // Configured, but the tenant's switch is off: no button; the tenant's social login off: no block.
    setup({}, configured(facebookOn, ['google', 'telegram']));
    expect(screen.queryByText(TY.or_login_with)).toBeNull();
    cleanup();
    setup({}, configured(tenantWith((t) => { t.settings.socialLogin = { enabled: false, telegram: 'DemoBot' }; t.flags.GOOGLELOGIN3 = true; }), ['google', 'telegram']));
    expect(screen.queryByText(TY.or_login_with)).toBeNull();
    cleanup();
    setup({}, configured(tenantWith((t) => { t.settings.socialLogin = { enabled: true, telegram: 'DemoBot' }; t.flags.GOOGLELOGIN3 = true; t.flags.FACEBOOKLOGIN3 = true; }), ['telegram', 'google']));
    expect(screen.getAllByRole('button', { name: /Facebook|Google|Telegram/ }).map((b) => b.textContent)).toEqual(['Google', 'Telegram']);
  });

  it('navigation strip: real links to home, register and forgot password, and the external customer service', () => {
    setup();
    expect(screen.getByRole('link', { name: TY.home }).getAttribute('href')).toBe('/m/home');
    expect(screen.getByRole('link', { name: TY.register_now }).getAttribute('href')).toBe('/m/register');
    expect(screen.getByRole('link', { name: TY.forgot_password }).getAttribute('href')).toBe('/m/forget');
    const service = screen.getByRole('link', { name: TY.online_service });
    expect(service.getAttribute('href')).toBe('https://service.example.com/chat');
    expect(service.getAttribute('target')).toBe('_blank');
  });

  it('a server field error shows on that field', async () => {
    setup({ [LOGIN]: () => fail('validation.failed', 'err_validation_failed', { field: '/password', messageKey: 'format_password' }) });
    type('username', 'juan123');
    type('password', 'secret99');
    submit();
    await waitFor(() => expect(byLabel('password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(TY.format_password)).toBeTruthy();
  });

  it('props schema marks the redirect route x-route', () => {
    expect(schema.properties.redirectTo['x-route']).toBe(true);
  });
});
