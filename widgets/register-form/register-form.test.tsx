// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RegisterSettings } from '../../src/generated/api/system';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { HELD_PASSWORD_KEY, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import {
  RULES,
  SESSION_VALUE,
  byLabel,
  callsTo,
  fail,
  location,
  queryByLabel,
  renderForm,
  scriptApi,
  setUpFormTests,
  type,
  type Handler,
} from '../../tests/forms/helpers';
import manifest from './index';
import { defaultMethod, visibleFields } from './register-form';
import schema from './props.schema.json';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const RegisterForm = manifest.component;

setUpFormTests(request, <RegisterForm />, () => import('./register-form'));
const REGISTER = 'PUT /wps/member/register';
const SETTINGS = 'GET /wps/system/registerSettings';

function settingsWith(over: Partial<RegisterSettings> = {}): RegisterSettings {
  return {
    enabled: true,
    usernameRegistration: true,
    mobileRegistration: false,
    mobileVerification: false,
    mobilePassword: false,
    fields: {
      username: { enabled: true, required: true },
      password: { enabled: true, required: true },
      confirmPassword: { enabled: true, required: true },
      mobileNum: { enabled: false, required: false },
      affiliateCode: { enabled: false, required: false },
    },
    captcha: { enabled: false },
    ageLimit: 21,
    countryDialingCode: '+63',
    dialingCodes: ['+63'],
    ...over,
  };
}

const submitButton = () => screen.getByRole('button', { name: TY.register }) as HTMLButtonElement;

function setup(settings: RegisterSettings, handlers: Record<string, Handler> = {}, route = '/m/register') {
  const calls = scriptApi(request, { [SETTINGS]: () => settings, ...handlers });
  const tenant = fixtureTenant();
  renderForm(<RegisterForm />, { tenant, route, startup: { validation: RULES, info: { merchantCode: tenant.merchantCode, register: settings } } });
  return calls;
}

function fillUsernameForm() {
  type('username', 'juan123');
  type('password', 'secret99');
  type('confirm_password', 'secret99');
}

describe('register-form method and tabs', () => {
  it('defaults to username; mobile only when mobile registration is on and username registration off', () => {
    expect(defaultMethod({ usernameRegistration: true, mobileRegistration: true })).toBe('username');
    expect(defaultMethod({ usernameRegistration: true, mobileRegistration: false })).toBe('username');
    expect(defaultMethod({ usernameRegistration: false, mobileRegistration: true })).toBe('mobile');
  });

  it('shows tabs only when both methods are on', () => {
    setup(settingsWith({ mobileRegistration: true }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([TY.username, TY.mobile_number]);
    expect(screen.getByRole('tab', { name: TY.username }).getAttribute('aria-selected')).toBe('true');
    cleanup();
    setup(settingsWith());
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(byLabel('username')).toBeTruthy();
    cleanup();
    setup(settingsWith({ usernameRegistration: false, mobileRegistration: true }));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(queryByLabel('username')).toBeNull();
    expect(byLabel('mobile_number')).toBeTruthy();
  });

  it('switching tabs carries the typed mobile number across', () => {
    const fields = { ...settingsWith().fields, mobileNum: { enabled: true, required: false } };
    setup(settingsWith({ mobileRegistration: true, fields }));
    type('mobile_number', '9171234567');
    fireEvent.click(screen.getByRole('tab', { name: TY.mobile_number }));
    expect(queryByLabel('username')).toBeNull();
    expect(byLabel('mobile_number').value).toBe('9171234567');
    type('mobile_number', '9179999999');
    fireEvent.click(screen.getByRole('tab', { name: TY.username }));
    expect(byLabel('mobile_number').value).toBe('9179999999');
  });

  it('mobile method shows password fields only with MOBILENUMPASSREG3, and the SMS code only with REGMOBVERF3', () => {
    setup(settingsWith({ usernameRegistration: false, mobileRegistration: true }));
    expect(queryByLabel('password')).toBeNull();
    expect(queryByLabel('confirm_password')).toBeNull();
    expect(queryByLabel('verification_code')).toBeNull();
    cleanup();
    setup(settingsWith({ usernameRegistration: false, mobileRegistration: true, mobilePassword: true, mobileVerification: true }));
    expect(byLabel('password')).toBeTruthy();
    expect(byLabel('confirm_password')).toBeTruthy();
    expect(byLabel('verification_code')).toBeTruthy();
  });

  it('fields follow the registration settings: enabled shows, required gets the asterisk class', () => {
    const fields = {
      ...settingsWith().fields,
      email: { enabled: true, required: true },
      nickname: { enabled: true, required: false },
      whatsapp: { enabled: true, required: false },
      payeeName: { enabled: false, required: true },
    };
    setup(settingsWith({ fields }));
    expect(byLabel('email').closest('.form-field')?.classList.contains('form-field--required')).toBe(true);
    expect(byLabel('email').getAttribute('aria-required')).toBe('true');
    expect(byLabel('nickname').closest('.form-field')?.classList.contains('form-field--required')).toBe(false);
    expect(screen.getByLabelText('WhatsApp')).toBeTruthy();
    expect(queryByLabel('payee_name')).toBeNull();
    expect(byLabel('username').closest('.form-field')?.classList.contains('form-field--required')).toBe(true);
  });

  it('visibleFields lists a username-mode mobile number as required when a required SMS code needs it', () => {
    const s = settingsWith({ fields: { ...settingsWith().fields, verificationCode: { enabled: true, required: true } } });
    expect(visibleFields(s, 'username', true).filter((v) => v.field === 'mobileNum' || v.field === 'verificationCode')).toEqual([
      { field: 'mobileNum', required: true },
      { field: 'verificationCode', required: true },
    ]);
  });
});

describe('register-form submit', () => {
  it('the agree-to-terms checkbox starts ticked and gates submit; it states the tenant age limit', () => {
    setup(settingsWith());
    const agree = screen.getByRole('checkbox', { name: TY.age_confirm.replace('{{age}}', '21') }) as HTMLInputElement;
    expect(agree.checked).toBe(true);
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(agree);
    expect(submitButton().disabled).toBe(true);
  });

  it('focuses the first invalid field on submit and checks the confirmation', () => {
    const calls = setup(settingsWith());
    type('username', 'juan123');
    type('password', 'secret99');
    fireEvent.click(submitButton());
    expect(document.activeElement).toBe(byLabel('confirm_password'));
    expect(screen.getByText(TY.in_incorrect_password)).toBeTruthy();
    type('confirm_password', 'secret98');
    expect(screen.getByText(TY.in_confirmation_correct)).toBeTruthy();
    // Changing the password re-checks the confirmation.
    type('password', 'secret98');
    expect(screen.queryByText(TY.in_confirmation_correct)).toBeNull();
    type('username', '1bad');
    fireEvent.click(submitButton());
    expect(document.activeElement).toBe(byLabel('username'));
    expect(callsTo(calls, REGISTER)).toHaveLength(0);
  });

  it('sends the spec payload encrypted, toasts, logs in and goes home', async () => {
    const calls = setup(settingsWith(), { [REGISTER]: () => ({ ...SESSION_VALUE, firstTimeLogin: true }) });
    fillUsernameForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(location()).toBe('/m/home'));
    const [call] = callsTo(calls, REGISTER);
    expect(call.opts.encrypt).toBe(true);
    expect(call.opts.body).toEqual({
      type: 0,
      registerMethod: 'H5',
      registerUrl: window.location.host,
      domain: window.location.hostname,
      countryDialingCode: '+63',
      username: 'juan123',
      password: 'secret99',
      confirmPassword: 'secret99',
    });
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('in_registered_successfully');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ token: SESSION_VALUE.token }));
    expect(sessionStorage.getItem(HELD_PASSWORD_KEY)).toBe('secret99');
  });

  it('shows a server error on the field it names (or that the error code belongs to)', async () => {
    const calls = setup(settingsWith(), {
      [REGISTER]: (_o, n) =>
        n === 1
          ? fail('username.exists', 'username_exists', undefined, 409)
          : fail('validation.failed', 'err_validation_failed', { field: '/password', messageKey: 'format_password' }),
    });
    fillUsernameForm();
    fireEvent.click(submitButton());
    expect(await screen.findByText(TY.username_exists)).toBeTruthy();
    expect(byLabel('username').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, REGISTER)).toHaveLength(2));
    expect(await screen.findByText(TY.format_password)).toBeTruthy();
    expect(document.activeElement).toBe(byLabel('password'));
  });

  it('captcha: required 6 digits, sent with its id, reloads on click and after a failure', async () => {
    const calls = setup(settingsWith({ captcha: { enabled: true } }), {
      [REGISTER]: () => fail('captcha.invalid', 'err_captcha_invalid', { captcha: true }),
    });
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(1));
    fillUsernameForm();
    fireEvent.click(submitButton());
    expect(screen.getByText(TY.captcha_required)).toBeTruthy();
    expect(document.activeElement).toBe(byLabel('captcha'));
    fireEvent.click(screen.getByRole('button', { name: TY.captcha }));
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(2));
    type('captcha', '654321');
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, REGISTER)).toHaveLength(1));
    expect(callsTo(calls, REGISTER)[0].opts.body).toMatchObject({ captcha: '654321', captchaId: 'cap-2' });
    await waitFor(() => expect(callsTo(calls, 'GET /wps/captcha')).toHaveLength(3));
    expect(byLabel('captcha').value).toBe('');
  });

  it('SMS code: sent by the no-login API after the number is checked; the code input opens after a send', async () => {
    const fields = { ...settingsWith().fields, mobileNum: { enabled: true, required: false } };
    const calls = setup(settingsWith({ usernameRegistration: false, mobileRegistration: true, mobileVerification: true, fields }), {
      'POST /wps/verification/sms/noLogin': () => ({ expiredMinutes: 5 }),
      [REGISTER]: () => SESSION_VALUE,
    });
    expect(byLabel('verification_code').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    expect(screen.getByText(TY.mobile_required)).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/verification/sms/noLogin')).toHaveLength(0);
    type('mobile_number', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    type('verification_code', '123456');
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, REGISTER)).toHaveLength(1));
    expect(callsTo(calls, REGISTER)[0].opts.body).toMatchObject({ mobileNum: '9171234567', verificationCode: '123456' });
    expect(callsTo(calls, REGISTER)[0].opts.body).not.toHaveProperty('username');
  });
});

describe('register-form affiliate code', () => {
  const withAffiliate = () => settingsWith({ fields: { ...settingsWith().fields, affiliateCode: { enabled: true, required: false } } });
  const CHECK = 'GET /wps/affiliate/check';

  it('is hidden when the URL carries a valid code, which is then sent', async () => {
    const calls = scriptApi(request, {
      [SETTINGS]: () => withAffiliate(),
      [CHECK]: () => ({ code: 'AGENT01' }),
      [REGISTER]: () => SESSION_VALUE,
    });
    const tenant = fixtureTenant();
    renderForm(<RegisterForm />, {
      tenant,
      route: '/m/register?aff=AGENT01',
      startup: { validation: RULES, info: { merchantCode: tenant.merchantCode, register: withAffiliate() } },
    });
    await waitFor(() => expect(callsTo(calls, CHECK)).toHaveLength(1));
    expect(callsTo(calls, CHECK)[0].opts.query).toEqual({ code: 'AGENT01', domain: window.location.hostname });
    expect(queryByLabel('affiliate_code')).toBeNull();
    fillUsernameForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, REGISTER)).toHaveLength(1));
    expect(callsTo(calls, REGISTER)[0].opts.body).toMatchObject({ affiliateCode: 'AGENT01' });
    expect(callsTo(calls, CHECK)).toHaveLength(1);
  });

  it('shows when the URL code is not valid; a typed code is verified first and a failure focuses the field', async () => {
    const calls = scriptApi(request, {
      [SETTINGS]: () => withAffiliate(),
      [CHECK]: () => fail('affiliate.invalid', 'invitation_code_error', { field: '/code' }),
      [REGISTER]: () => SESSION_VALUE,
    });
    const tenant = fixtureTenant();
    renderForm(<RegisterForm />, {
      tenant,
      route: '/m/register?code=NOPE99',
      startup: { validation: RULES, info: { merchantCode: tenant.merchantCode, register: withAffiliate() } },
    });
    const field = await waitFor(() => byLabel('affiliate_code'));
    fillUsernameForm();
    fireEvent.change(field, { target: { value: 'BADCODE1' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(TY.invitation_code_error)).toBeTruthy();
    expect(document.activeElement).toBe(byLabel('affiliate_code'));
    expect(callsTo(calls, CHECK).at(-1)?.opts.query).toEqual({ code: 'BADCODE1', domain: window.location.hostname });
    expect(callsTo(calls, REGISTER)).toHaveLength(0);
  });

  it('without a URL code, an empty affiliate field does not block registration', async () => {
    const calls = setup(withAffiliate(), { [REGISTER]: () => SESSION_VALUE });
    expect(byLabel('affiliate_code')).toBeTruthy();
    fillUsernameForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, REGISTER)).toHaveLength(1));
    expect(callsTo(calls, 'GET /wps/affiliate/check')).toHaveLength(0);
  });
});

describe('register-form links and schema', () => {
  it('links to login and the user agreement', () => {
    setup(settingsWith());
    expect(screen.getByRole('link', { name: TY.already_have_account }).getAttribute('href')).toBe('/m/login');
    expect(screen.getByRole('link', { name: TY.user_agreement }).getAttribute('href')).toBe('/m/useragreement');
  });

  it('props schema marks the redirect route x-route', () => {
    expect(schema.properties.redirectTo['x-route']).toBe(true);
  });
});
