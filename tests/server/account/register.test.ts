import { expect, it } from 'vitest';
import { call, callEncrypted, describeBackends, EN, lastSmsCode, nextIp, PH, uniqueDigits, type SessionValue } from '../helpers';

const REGISTER = '/wps/member/register';

describeBackends('registration', ({ server }) => {
  /** A valid captcha for the payload (the image route itself is tested in captcha.test.ts). */
  async function captcha() {
    const { id, code } = await server().app.repos.captchas.create();
    return { captcha: code, captchaId: id };
  }

  async function registerEn(fields: Record<string, unknown>) {
    return callEncrypted<SessionValue>(server().app, 'PUT', REGISTER, { registerMethod: 'H5', type: 0, ...(await captcha()), ...fields }, { host: EN, ip: nextIp() });
  }

  it('serves the registration settings of the host tenant', async () => {
    const ph = await call<Record<string, unknown>>(server().app, 'GET', '/wps/system/registerSettings');
    expect(ph.body.value).toMatchObject({ enabled: true, usernameRegistration: true, mobileRegistration: true, mobileVerification: true, captcha: { enabled: true }, ageLimit: 21 });
    const en = await call<Record<string, unknown>>(server().app, 'GET', '/wps/system/registerSettings', { host: EN });
    expect(en.body.value).toMatchObject({ usernameRegistration: true, mobileRegistration: false, ageLimit: 18 });
  });

  it('registers by username and logs the new member in', async () => {
    const username = `u${uniqueDigits(8)}`;
    const { status, body } = await registerEn({ username, password: 'Secret123', confirmPassword: 'Secret123' });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ userName: username, customerType: 0, firstTimeLogin: true });
    const info = await call<{ account: string; toUpline: string | null }>(server().app, 'GET', '/wps/member/info', { host: EN, token: body.value!.token });
    expect(info.body.value).toMatchObject({ account: username, toUpline: null });
    const wallet = await call<{ sumBalance: number }>(server().app, 'GET', '/wps/member/wallet', { host: EN, token: body.value!.token });
    expect(wallet.body.value!.sumBalance).toBe(0);
  });

  it('links the upline from a valid affiliate code and refuses an invalid one', async () => {
    const username = `a${uniqueDigits(8)}`;
    const ok = await registerEn({ username, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: 'demoagent' });
    expect(ok.body.success).toBe(true);
    const info = await call<{ toUpline: string }>(server().app, 'GET', '/wps/member/info', { host: EN, token: ok.body.value!.token });
    expect(info.body.value!.toUpline).toBe('demoagent');
    const bad = await registerEn({ username: `b${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: 'NOPE1234' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'affiliate.invalid', message: 'invitation_code_error' });
  });

  it('refuses a taken username (case-insensitive) with username.exists', async () => {
    const { status, body } = await registerEn({ username: 'DemoPlayer', password: 'Secret123', confirmPassword: 'Secret123' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ errorCode: 'username.exists', message: 'username_exists' });
  });

  it('checks fields against the validation rules and names the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '1abc', password: 'Secret123', confirmPassword: 'Secret123' }, '/username', 'format_account'],
      [{ username: `c${uniqueDigits(6)}`, password: 'short', confirmPassword: 'short' }, '/password', 'format_password'],
      [{ username: `c${uniqueDigits(6)}`, password: 'lettersonly', confirmPassword: 'lettersonly' }, '/password', 'format_password'],
      [{ username: `c${uniqueDigits(6)}`, password: 'Secret123', confirmPassword: 'Secret124' }, '/confirmPassword', 'in_confirmation_correct'],
      [{ username: `c${uniqueDigits(6)}`, password: 'Secret123' }, '/confirmPassword', 'in_incorrect_password'],
      [{ username: `c${uniqueDigits(6)}`, password: 'Secret123', confirmPassword: 'Secret123', mobileNum: '12ab' }, '/mobileNum', 'format_mobile'],
    ];
    for (const [fields, field, messageKey] of cases) {
      const { status, body } = await registerEn(fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body).toMatchObject({ errorCode: 'validation.failed', value: { field, messageKey } });
    }
  });

  it('requires the captcha when the tenant enables it', async () => {
    const app = server().app;
    const payload = { username: `d${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123' };
    const missing = await callEncrypted(app, 'PUT', REGISTER, payload, { host: EN, ip: nextIp() });
    expect(missing.body.errorCode).toBe('captcha.required');
    const wrong = await callEncrypted(app, 'PUT', REGISTER, { ...payload, captcha: '1', captchaId: 'nope' }, { host: EN, ip: nextIp() });
    expect(wrong.body.errorCode).toBe('captcha.invalid');
  });

  it('registers by mobile number with an SMS code on the PH tenant (REGMOBVERF3)', async () => {
    const app = server().app;
    const mobileNum = `9${uniqueDigits(9)}`;
    await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum } });
    const code = await lastSmsCode(app, mobileNum);
    const payload = { mobileNum, password: 'Secret123', confirmPassword: 'Secret123', ...(await captcha()) };
    const wrongCode = await callEncrypted(app, 'PUT', REGISTER, { ...payload, verificationCode: code === '000000' ? '111111' : '000000' }, { host: PH, ip: nextIp() });
    expect(wrongCode.body).toMatchObject({ errorCode: 'sms.code.invalid', message: 'verification_code_error' });
    const ok = await callEncrypted<SessionValue>(app, 'PUT', REGISTER, { ...payload, ...(await captcha()), verificationCode: code }, { host: PH, ip: nextIp() });
    expect(ok.body.value).toMatchObject({ userName: `m${mobileNum}` });
    // The used code is refused first; a fresh one reaches the taken number.
    const used = await callEncrypted(app, 'PUT', REGISTER, { ...payload, ...(await captcha()), verificationCode: code }, { host: PH, ip: nextIp() });
    expect(used.body.errorCode).toBe('sms.code.invalid');
    const fresh = await app.repos.smsCodes.issue('demoph01', `+63${mobileNum}`, 'VERIFY');
    const again = await callEncrypted(app, 'PUT', REGISTER, { ...payload, ...(await captcha()), verificationCode: fresh }, { host: PH, ip: nextIp() });
    expect(again.body.errorCode).toBe('mobile.exists');
  });

  it('requires the SMS code for a username registration when the tenant requires verificationCode', async () => {
    const { body } = await callEncrypted(
      server().app,
      'PUT',
      REGISTER,
      { username: `e${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', ...(await captcha()) },
      { host: PH, ip: nextIp() },
    );
    expect(body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/mobileNum', messageKey: 'field_required' } });
  });

  it('refuses a mobile registration on a tenant without it, and plain bodies', async () => {
    const { status, body } = await registerEn({ mobileNum: `9${uniqueDigits(9)}` });
    expect(status).toBe(400);
    expect(body.value).toMatchObject({ field: '/username' });
    const plain = await call(server().app, 'PUT', REGISTER, { host: EN, body: { username: 'x' } });
    expect(plain.body.errorCode).toBe('encryption.required');
  });

  it('refuses unknown payload fields and wrong types', async () => {
    const unknown = await registerEn({ username: `f${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', firebaseIdToken: 'x' });
    expect(unknown.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/firebaseIdToken' } });
    const typed = await registerEn({ username: `f${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', type: 1 });
    expect(typed.body.value).toMatchObject({ field: '/type' });
  });
});
