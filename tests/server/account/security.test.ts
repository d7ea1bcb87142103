import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeBackends, EN, lastSmsCode, login, nextIp, tokenFor, uniqueDigits, type SessionValue, callEncrypted, TEMP_PASSWORD } from '../helpers';

const CHANGE = '/wps/security/v2/changePassword';
const SET_BY_PHONE = '/wps/security/setPasswordByPhone';

describeBackends('security', ({ server }) => {
  /** A fresh member of the EN tenant (so password changes do not disturb the demo members). */
  async function newMember(): Promise<{ username: string; token: string }> {
    const app = server().app;
    const username = `p${uniqueDigits(8)}`;
    const { id, code } = await app.repos.captchas.create();
    const { body } = await callEncrypted<SessionValue>(
      app,
      'PUT',
      '/wps/member/register',
      { username, password: 'First123', confirmPassword: 'First123', captcha: code, captchaId: id },
      { host: EN, ip: nextIp() },
    );
    return { username, token: body.value!.token };
  }

  it('changes the password, revokes other sessions and keeps the current one', async () => {
    const app = server().app;
    const { username, token } = await newMember();
    const other = await tokenFor(app, username, 'First123', { host: EN });
    const res = await call(app, 'POST', CHANGE, { host: EN, token, body: { oldPassword: 'First123', newPassword: 'Second123', confirmNewPassword: 'Second123' } });
    expect(res.body).toEqual({ success: true, value: true });
    expect((await call(app, 'GET', '/wps/member/info', { host: EN, token })).status).toBe(200);
    expect((await call(app, 'GET', '/wps/member/info', { host: EN, token: other })).status).toBe(401);
    expect((await login(app, username, 'First123', { host: EN })).body.errorCode).toBe('login.failed');
    expect((await login(app, username, 'Second123', { host: EN })).body.success).toBe(true);
  });

  it('refuses new == old, a wrong old password, a mismatched confirmation and a weak password', async () => {
    const app = server().app;
    const { token } = await newMember();
    const post = (body: Record<string, unknown>) => call(app, 'POST', CHANGE, { host: EN, token, body });
    expect((await post({ oldPassword: 'First123', newPassword: 'First123', confirmNewPassword: 'First123' })).body).toMatchObject({
      errorCode: 'modify.new.old.same',
      message: 'new_old_password_same',
    });
    expect((await post({ oldPassword: 'Wrong123', newPassword: 'Third123', confirmNewPassword: 'Third123' })).body.errorCode).toBe('password.incorrect');
    expect((await post({ oldPassword: 'First123', newPassword: 'Third123', confirmNewPassword: 'Third124' })).body.value).toMatchObject({ field: '/confirmNewPassword' });
    expect((await post({ oldPassword: 'First123', newPassword: 'weak', confirmNewPassword: 'weak' })).body.value).toMatchObject({ field: '/newPassword', messageKey: 'format_password' });
    expect((await post({ oldPassword: 'First123', newPassword: 'Third123' })).body.value).toMatchObject({ field: '/confirmNewPassword' });
    expect((await call(app, 'POST', CHANGE, { host: EN, body: { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' } })).status).toBe(401);
  });

  it('sets a password by phone for a member without one, then logs in with it', async () => {
    const app = server().app;
    const ip = nextIp();
    await call(app, 'POST', '/wps/verification/sms/noLogin', { ip, body: { mobileNum: '9170000009', module: 'VERIFICATION3' } });
    const code = await lastSmsCode(app, '9170000009');
    const wrong = await call(app, 'POST', SET_BY_PHONE, { ip, body: { newPassword: 'Phone123', mobileNum: '9170000009', verificationCode: code === '000000' ? '111111' : '000000' } });
    expect(wrong.body).toMatchObject({ errorCode: 'sms.code.invalid' });
    const ok = await call<{ userName: string }>(app, 'POST', SET_BY_PHONE, { ip, body: { newPassword: 'Phone123', mobileNum: '9170000009', verificationCode: code } });
    expect(ok.body.value).toEqual({ userName: 'demonopass' });
    expect((await login(app, 'demonopass', 'Phone123')).body.success).toBe(true);
    expect((await login(app, '9170000009', 'Phone123')).body.success).toBe(true);
  });

  it('answers modify.new.old.same when the new password equals the current one, and keeps the code usable', async () => {
    const app = server().app;
    const mobileNum = '9171234603';
    await call(app, 'POST', '/wps/verification/sms/resetPassword', { ip: nextIp(), body: { mobileNo: mobileNum, countryDialingCode: '+63' } });
    const code = await lastSmsCode(app, mobileNum);
    const same = await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Demo1234', mobileNum, verificationCode: code } });
    expect(same.body).toMatchObject({ errorCode: 'modify.new.old.same' });
    const ok = await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: code } });
    expect(ok.body.success).toBe(true);
    const reuse = await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other5678', mobileNum, verificationCode: code } });
    expect(reuse.body.errorCode).toBe('sms.code.invalid');
  });

  it('limits SMS code attempts', async () => {
    const app = server().app;
    const mobileNum = '9171234602';
    await call(app, 'POST', '/wps/verification/sms/resetPassword', { ip: nextIp(), body: { mobileNo: mobileNum } });
    const code = await lastSmsCode(app, mobileNum);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: wrong } });
    const right = await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: code } });
    expect(right.body.errorCode).toBe('sms.code.invalid');
  });

  it('throttles SMS sends per number and validates the number', async () => {
    const app = server().app;
    const mobileNum = `9${uniqueDigits(9)}`;
    const first = await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum } });
    expect(first.body.success).toBe(true);
    const second = await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum } });
    expect(second.status).toBe(429);
    expect(second.body.errorCode).toBe('rate.limited');
    const bad = await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '12' } });
    expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/mobileNum', messageKey: 'format_mobile' } });
    const badModule = await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum, module: 'OTHER' } });
    expect(badModule.body.value).toMatchObject({ field: '/module' });
  });

  it('refuses password-reset SMS on a tenant without CHNGPASSVERIF3', async () => {
    const res = await call(server().app, 'POST', '/wps/verification/sms/resetPassword', { host: EN, ip: nextIp(), body: { mobileNo: '9171234567' } });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('module.disabled');
  });

  it('e-mails a temporary password (form-encoded) that logs in and asks for a change', async () => {
    const app = server().app;
    const res = await app.inject({
      method: 'POST',
      url: '/wps/security/forgotPassword/email',
      headers: { host: 'demo-ph.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=demoteam1&email=',
      remoteAddress: nextIp(),
    });
    expect(res.json()).toMatchObject({ errorCode: 'validation.failed', value: { field: '/email' } });
    await app.db.orm.execute(sql`UPDATE members SET email = 'team1@example.com' WHERE username = 'demoteam1'`);
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/security/forgotPassword/email',
      headers: { host: 'demo-ph.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=+demoteam1+&email=TEAM1%40example.com',
      remoteAddress: nextIp(),
    });
    expect(sent.json()).toEqual({ success: true, value: true });
    const mail = await call<{ text: string; subject: string }[]>(app, 'GET', '/wps/dev/outbox?to=team1@example.com');
    const temp = TEMP_PASSWORD.exec(mail.body.value![0].text)![1];
    // The old password still works until the temporary one is used.
    expect((await login(app, 'demoteam1')).body.success).toBe(true);
    const viaTemp = await login(app, 'demoteam1', temp);
    expect(viaTemp.body.value).toMatchObject({ firstTimeLogin: true });
    expect((await login(app, 'demoteam1')).body.errorCode).toBe('login.failed');
    const nobody = await call(app, 'POST', '/wps/security/forgotPassword/email', { ip: nextIp(), body: { username: 'nobodyhere', email: 'x@example.com' } });
    expect(nobody.body).toEqual({ success: true, value: true });
  });
});
