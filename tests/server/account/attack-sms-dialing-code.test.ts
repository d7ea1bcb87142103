/**
 * Attack: SMS codes under a dialing code the client picks. A reset for the PH member's national
 * number with countryDialingCode "1" used to send the code to +1 9171234567 (an attacker's phone)
 * and that code reset the +63 account; SMS login likewise (a +44 code logged in as demoteam3);
 * and any country could be sent SMS (SMS pumping). Codes are now bound to the international
 * number, only dialing codes the tenant lists are accepted, an existing member only under its own
 * stored code, and wrong guesses are counted atomically.
 *
 * PH lists +63 only; EN lists +63, +65 and +60 (its demo members have +63).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { SMS_CODE_MAX_ATTEMPTS } from '../../../server/repositories/sms-codes';
import { call, callEncrypted, describeBackends, EN, lastSmsCode, nextIp, PH, uniqueDigits, type SessionValue } from '../helpers';

const NO_LOGIN = '/wps/verification/sms/noLogin';
const RESET = '/wps/verification/sms/resetPassword';
const SET_BY_PHONE = '/wps/security/setPasswordByPhone';
const LOGIN = '/wps/session/login';
const REGISTER = '/wps/member/register';

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describeBackends('attack: SMS dialing code chosen by the client', ({ server }) => {
  async function outboxCount(to: string, host = PH): Promise<number> {
    const { body } = await call<unknown[]>(server().app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(to)}`, { host });
    return body.value!.length;
  }

  it('refuses a reset code under an unlisted dialing code and sends nothing to +1', async () => {
    const app = server().app;
    for (const countryDialingCode of ['1', '+1']) {
      const res = await call(app, 'POST', RESET, { ip: nextIp(), body: { mobileNo: '9171234567', countryDialingCode } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/countryDialingCode' } });
    }
    expect(await outboxCount('+19171234567')).toBe(0);
    // The member's own number still gets its code.
    expect((await call(app, 'POST', RESET, { ip: nextIp(), body: { mobileNo: '9171234567', countryDialingCode: '63' } })).body.success).toBe(true);
    expect(await outboxCount('+639171234567')).toBe(1);
  });

  it('a code issued to another dialing code never resets the +63 account', async () => {
    const app = server().app;
    // A code that went to +1 9171234567 (as the old server sent it), known to the attacker.
    const foreign = await app.repos.smsCodes.issue('demoph01', '+19171234567', 'RESET');
    const attempt = await call(app, 'POST', SET_BY_PHONE, {
      ip: nextIp(),
      body: { newPassword: 'Hijack123', mobileNum: '9171234567', verificationCode: foreign, countryDialingCode: '+63' },
    });
    expect(attempt.body).toMatchObject({ errorCode: 'sms.code.invalid', value: { field: '/verificationCode' } });
    const unlisted = await call(app, 'POST', SET_BY_PHONE, {
      ip: nextIp(),
      body: { newPassword: 'Hijack123', mobileNum: '9171234567', verificationCode: foreign, countryDialingCode: '+1' },
    });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.value).toMatchObject({ field: '/countryDialingCode' });
    const login = await callEncrypted(app, 'POST', LOGIN, { type: 'username', username: 'demoplayer', password: 'Hijack123' }, { ip: nextIp() });
    expect(login.body.errorCode).toBe('login.failed');
  });

  it('on a tenant listing several codes, a code sent under another listed code does not set the +63 member’s password', async () => {
    const app = server().app;
    const mobileNum = '9171234603';
    // EN lists +65: the code goes to +65 9171234603, a different phone from the +63 member's.
    expect((await call(app, 'POST', NO_LOGIN, { host: EN, ip: nextIp(), body: { mobileNum, countryDialingCode: '+65' } })).body.success).toBe(true);
    const code = await lastSmsCode(app, mobileNum, '+65', EN);
    for (const countryDialingCode of ['+65', '+63']) {
      const res = await call(app, 'POST', SET_BY_PHONE, { host: EN, ip: nextIp(), body: { newPassword: 'Hijack123', mobileNum, verificationCode: code, countryDialingCode } });
      expect(res.body).toMatchObject({ errorCode: 'sms.code.invalid' });
    }
    // The member's own number works.
    await call(app, 'POST', NO_LOGIN, { host: EN, ip: nextIp(), body: { mobileNum, countryDialingCode: '+63' } });
    const own = await lastSmsCode(app, mobileNum, '+63', EN);
    const ok = await call<{ userName: string }>(app, 'POST', SET_BY_PHONE, { host: EN, ip: nextIp(), body: { newPassword: 'Owner1234', mobileNum, verificationCode: own, countryDialingCode: '+63' } });
    expect(ok.body.value).toEqual({ userName: 'demoteam3' });
  });

  it('SMS login of demoteam3 with a +44 code fails', async () => {
    const app = server().app;
    const mobileNum = '9171234603';
    const send = await call(app, 'POST', NO_LOGIN, { ip: nextIp(), body: { mobileNum, countryDialingCode: '+44' } });
    expect(send.status).toBe(400);
    expect(send.body.value).toMatchObject({ field: '/countryDialingCode' });
    expect(await outboxCount(`+44${mobileNum}`)).toBe(0);
    // A code that reached +44 9171234603 anyway (issued before the fix).
    const foreign = await app.repos.smsCodes.issue('demoph01', `+44${mobileNum}`, 'VERIFY');
    const as44 = await callEncrypted(app, 'POST', LOGIN, { type: 'sms', username: mobileNum, password: foreign, countryDialingCode: '+44' }, { ip: nextIp() });
    expect(as44.status).toBe(400);
    expect(as44.body.value).toMatchObject({ field: '/countryDialingCode' });
    const as63 = await callEncrypted(app, 'POST', LOGIN, { type: 'sms', username: mobileNum, password: foreign, countryDialingCode: '+63' }, { ip: nextIp() });
    expect(as63.body.errorCode).toBe('login.failed');
    const noCode = await callEncrypted(app, 'POST', LOGIN, { type: 'sms', username: mobileNum, password: foreign }, { ip: nextIp() });
    expect(noCode.body.errorCode).toBe('login.failed');
    // The member's own code logs in.
    await call(app, 'POST', NO_LOGIN, { ip: nextIp(), body: { mobileNum } });
    const own = await lastSmsCode(app, mobileNum);
    const ok = await callEncrypted<SessionValue>(app, 'POST', LOGIN, { type: 'sms', username: mobileNum, password: own, countryDialingCode: '+63' }, { ip: nextIp() });
    expect(ok.body.value).toMatchObject({ userName: 'demoteam3' });
  });

  it('refuses an unlisted dialing code with 400 naming /countryDialingCode on every SMS route', async () => {
    const app = server().app;
    const mobileNum = `9${uniqueDigits(9)}`;
    const expectRefused = (res: { status: number; body: { errorCode?: string; value?: unknown } }) => {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/countryDialingCode' } });
    };
    expectRefused(await call(app, 'POST', NO_LOGIN, { ip: nextIp(), body: { mobileNum, countryDialingCode: '+1' } }));
    expectRefused(await call(app, 'POST', NO_LOGIN, { host: EN, ip: nextIp(), body: { mobileNum, countryDialingCode: '+44' } }));
    expectRefused(await call(app, 'POST', RESET, { ip: nextIp(), body: { mobileNo: mobileNum, countryDialingCode: '+86' } }));
    expectRefused(await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: '123456', countryDialingCode: '+1' } }));
    expectRefused(await callEncrypted(app, 'POST', LOGIN, { type: 'sms', username: mobileNum, password: '123456', countryDialingCode: '+1' }, { ip: nextIp() }));
    expectRefused(
      await callEncrypted(app, 'PUT', REGISTER, { mobileNum, password: 'Secret123', confirmPassword: 'Secret123', verificationCode: '123456', countryDialingCode: '+1' }, { ip: nextIp() }),
    );
    expect(await outboxCount(`+1${mobileNum}`)).toBe(0);
    expect(await outboxCount(`+44${mobileNum}`, EN)).toBe(0);
  });

  it('registration checks the code under the chosen listed code and stores that code', async () => {
    const app = server().app;
    // PH: a code for +1 <number> does not register +63 <number>.
    const mobileNum = `9${uniqueDigits(9)}`;
    const foreign = await app.repos.smsCodes.issue('demoph01', `+1${mobileNum}`, 'VERIFY');
    const { id, code: captcha } = await app.repos.captchas.create();
    const res = await callEncrypted(
      app,
      'PUT',
      REGISTER,
      { mobileNum, password: 'Secret123', confirmPassword: 'Secret123', verificationCode: foreign, countryDialingCode: '+63', captcha, captchaId: id },
      { ip: nextIp() },
    );
    expect(res.body).toMatchObject({ errorCode: 'sms.code.invalid' });
    // EN: a member registered under +65 keeps +65, and only +65 codes are its own.
    const enNum = `9${uniqueDigits(9)}`;
    const username = `r${uniqueDigits(8)}`;
    const c2 = await app.repos.captchas.create();
    const reg = await callEncrypted<SessionValue>(
      app,
      'PUT',
      REGISTER,
      { username, password: 'Secret123', confirmPassword: 'Secret123', mobileNum: enNum, countryDialingCode: '65', captcha: c2.code, captchaId: c2.id },
      { host: EN, ip: nextIp() },
    );
    expect(reg.body.value).toMatchObject({ userName: username });
    const [row] = await rows<{ country_dialing_code: string }>(app.db.orm, sql`SELECT country_dialing_code FROM members WHERE username = ${username}`);
    expect(row.country_dialing_code).toBe('+65');
    await call(app, 'POST', NO_LOGIN, { host: EN, ip: nextIp(), body: { mobileNum: enNum, countryDialingCode: '+63' } });
    const wrongCountry = await lastSmsCode(app, enNum, '+63', EN);
    const refused = await call(app, 'POST', SET_BY_PHONE, { host: EN, ip: nextIp(), body: { newPassword: 'Other1234', mobileNum: enNum, verificationCode: wrongCountry, countryDialingCode: '+63' } });
    expect(refused.body.errorCode).toBe('sms.code.invalid');
    await call(app, 'POST', NO_LOGIN, { host: EN, ip: nextIp(), body: { mobileNum: enNum, countryDialingCode: '+65' } });
    const own = await lastSmsCode(app, enNum, '+65', EN);
    const ok = await call(app, 'POST', SET_BY_PHONE, { host: EN, ip: nextIp(), body: { newPassword: 'Other1234', mobileNum: enNum, verificationCode: own, countryDialingCode: '+65' } });
    expect(ok.body.success).toBe(true);
  });

  it(`racing 20 wrong guesses never allow more than ${SMS_CODE_MAX_ATTEMPTS} attempts`, async () => {
    const app = server().app;
    const mobileNum = '9171234602';
    expect((await call(app, 'POST', RESET, { ip: nextIp(), body: { mobileNo: mobileNum } })).body.success).toBe(true);
    const code = await lastSmsCode(app, mobileNum);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: wrongOf(code) } }),
      ),
    );
    expect(answers.every((a) => a.body.errorCode === 'sms.code.invalid')).toBe(true);
    const [row] = await rows<{ attempts: number }>(
      app.db.orm,
      sql`SELECT attempts FROM sms_codes WHERE merchant_code = 'demoph01' AND phone = ${`+63${mobileNum}`} ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(row.attempts)).toBe(SMS_CODE_MAX_ATTEMPTS);
    // The cap is spent: the right code no longer works.
    const right = await call(app, 'POST', SET_BY_PHONE, { ip: nextIp(), body: { newPassword: 'Other1234', mobileNum, verificationCode: code } });
    expect(right.body.errorCode).toBe('sms.code.invalid');
  });

  it(`racing guesses at the repository: at most ${SMS_CODE_MAX_ATTEMPTS} checks are evaluated, the right code among them or not`, async () => {
    const app = server().app;
    const phone = `+63${uniqueDigits(10)}`;
    const code = await app.repos.smsCodes.issue('demoph01', phone, 'VERIFY');
    // 19 wrong guesses and the right code last: with a read-then-increment check, racing guesses
    // each saw attempts < max and all were evaluated.
    const results = await Promise.all([
      ...Array.from({ length: 19 }, () => app.repos.smsCodes.check('demoph01', phone, ['VERIFY'], wrongOf(code))),
      app.repos.smsCodes.check('demoph01', phone, ['VERIFY'], code),
    ]);
    expect(results.slice(0, 19).every((r) => r === null)).toBe(true);
    const [row] = await rows<{ attempts: number }>(app.db.orm, sql`SELECT attempts FROM sms_codes WHERE phone = ${phone}`);
    expect(Number(row.attempts)).toBe(SMS_CODE_MAX_ATTEMPTS);
  });
});
