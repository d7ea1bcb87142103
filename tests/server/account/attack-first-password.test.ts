/**
 * Finding: a member who never set a password (registered by SMS, the demo's demonopass) was asked
 * for an "old password" it does not have. Now such a member sets a first password without one,
 * and only such a member: a member with a password who sends no old password (a stolen session
 * trying to take the account over) is refused with 400 naming /oldPassword and nothing changes.
 */
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, callEncrypted, DEMO_PASSWORD, describeBackends, login, nextIp, tokenFor, type SessionValue } from '../helpers';

const CHANGE = '/wps/security/v2/changePassword';
const INFO = '/wps/member/info';
const NO_PASSWORD_MOBILE = '9170000009';

/** A session of demonopass (no password yet) by mobile number and SMS code, as the member logs in. */
async function smsSession(app: FastifyInstance): Promise<string> {
  // The code as the SMS would bring it (sending one is throttled per number).
  const code = await app.repos.smsCodes.issue('demoph01', `+63${NO_PASSWORD_MOBILE}`, 'VERIFY');
  const { body } = await callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { type: 'sms', username: NO_PASSWORD_MOBILE, password: code }, { ip: nextIp() });
  expect(body.value).toMatchObject({ userName: 'demonopass' });
  return body.value!.token;
}

describeBackends('attack: a password change without the old password', ({ server }) => {
  const change = (token: string, body: Record<string, unknown>) => call(server().app, 'POST', CHANGE, { token, body });
  const passwordSet = async (token: string) => (await call<{ passwordSet: boolean }>(server().app, 'GET', INFO, { token })).body.value!.passwordSet;

  it('refuses a member with a password that sends no old password (or an empty one): 400 naming /oldPassword, the password unchanged', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam2');
    expect(await passwordSet(token)).toBe(true);
    const missing = await change(token, { newPassword: 'Taken123', confirmNewPassword: 'Taken123' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, errorCode: 'validation.failed', value: { field: '/oldPassword', messageKey: 'field_required' } });
    const empty = await change(token, { oldPassword: '', newPassword: 'Taken123', confirmNewPassword: 'Taken123' });
    expect(empty.status).toBe(400);
    expect(empty.body.value).toMatchObject({ field: '/oldPassword' });
    expect((await login(app, 'demoteam2', 'Taken123')).body.errorCode).toBe('login.failed');
    expect((await login(app, 'demoteam2', DEMO_PASSWORD)).body.success).toBe(true);
    // The old password is still checked as before.
    expect((await change(token, { oldPassword: 'Wrong1234', newPassword: 'Taken123', confirmNewPassword: 'Taken123' })).body.errorCode).toBe('password.incorrect');
  });

  it('lets a member without a password set a first one with no old password, once: then it is a member with a password', async () => {
    const app = server().app;
    const token = await smsSession(app);
    const other = await smsSession(app);
    expect(await passwordSet(token)).toBe(false);
    // The new-password rules still apply.
    expect((await change(token, { newPassword: 'weak', confirmNewPassword: 'weak' })).body.value).toMatchObject({ field: '/newPassword' });
    expect((await change(token, { newPassword: 'First123', confirmNewPassword: 'First124' })).body.value).toMatchObject({ field: '/confirmNewPassword' });
    const first = await change(token, { newPassword: 'First123', confirmNewPassword: 'First123' });
    expect(first.body).toEqual({ success: true, value: true });
    expect(await passwordSet(token)).toBe(true);
    // Other sessions end, as with any password change; the password logs in.
    expect((await call(app, 'GET', INFO, { token: other })).status).toBe(401);
    expect((await login(app, 'demonopass', 'First123')).body.success).toBe(true);
    // Now it has one: the same request without the old password is refused.
    const again = await change(token, { newPassword: 'Second123', confirmNewPassword: 'Second123' });
    expect(again.status).toBe(400);
    expect(again.body.value).toMatchObject({ field: '/oldPassword' });
    expect((await login(app, 'demonopass', 'Second123')).body.errorCode).toBe('login.failed');
  });
});

describeBackends('attack: racing first passwords', ({ server }) => {
  it('sets one first password when several race without an old one; the others are refused naming /oldPassword', async () => {
    const app = server().app;
    const token = await smsSession(app);
    const passwords = ['Race1111', 'Race2222', 'Race3333', 'Race4444'];
    const race = await Promise.all(passwords.map((p) => call(app, 'POST', CHANGE, { token, body: { newPassword: p, confirmNewPassword: p } })));
    const won = race.flatMap((r, i) => (r.body.success ? [passwords[i]] : []));
    expect(won).toHaveLength(1);
    for (const lost of race.filter((r) => !r.body.success)) {
      expect(lost.status).toBe(400);
      expect(lost.body.value).toMatchObject({ field: '/oldPassword' });
    }
    for (const p of passwords) expect((await login(app, 'demonopass', p)).body.success).toBe(p === won[0]);
  });
});
