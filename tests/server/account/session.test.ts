import { randomBytes, scryptSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { members } from '../../../server/db/schema';
import { loginWaits } from '../../../server/modules/account/services/login-guard';
import { call, callEncrypted, DEMO_PASSWORD, describeBackends, EN, encrypt, lastSmsCode, login, nextIp, tokenFor, type SessionValue } from '../helpers';

describeBackends('session', ({ server }) => {
  it('logs in a demo player with an encrypted body', async () => {
    const { status, body } = await login(server().app, 'demoplayer');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value).toMatchObject({ userName: 'demoplayer', customerType: 0, firstTimeLogin: false });
    expect(body.value!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('logs in case-insensitively and by mobile number as username', async () => {
    expect((await login(server().app, 'DemoAgent')).body.value).toMatchObject({ userName: 'demoagent', customerType: 1 });
    expect((await login(server().app, '9171234567')).body.value).toMatchObject({ userName: 'demoplayer' });
  });

  it('accepts a legacy scrypt hash and replaces it with Argon2id at the login', async () => {
    const app = server().app;
    const salt = randomBytes(16);
    const key = scryptSync(DEMO_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    const where = and(eq(members.merchantCode, 'demoph01'), eq(members.username, 'demoteam2'));
    await app.db.orm.update(members).set({ passwordHash: legacy }).where(where);
    expect((await login(app, 'demoteam2', 'Wrong1234')).body.errorCode).toBe('login.failed');
    const [before] = await app.db.orm.select({ h: members.passwordHash }).from(members).where(where);
    expect(before.h).toBe(legacy);
    expect((await login(app, 'demoteam2')).body.success).toBe(true);
    const [after] = await app.db.orm.select({ h: members.passwordHash }).from(members).where(where);
    expect(after.h).toMatch(/^\$argon2id\$/);
    expect((await login(app, 'demoteam2')).body.success).toBe(true);
  });

  it('refuses a wrong password with login.failed and the i18n key', async () => {
    const { status, body } = await login(server().app, 'demoplayer', 'Wrong1234');
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, errorCode: 'login.failed', message: 'err_login_failed' });
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const { status, body } = await login(server().app, 'nosuchuser', 'Wrong1234');
    expect(status).toBe(401);
    expect(body.errorCode).toBe('login.failed');
  });

  it('demands a captcha after 3 failures for a username, then accepts a valid one', async () => {
    const app = server().app;
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await login(app, 'demoteam1', 'Wrong1234')).body);
    expect(results[0].value).toBeUndefined();
    expect(results[2]).toMatchObject({ errorCode: 'login.failed', value: { captcha: true } });
    // Right password but no captcha: refused, the client is told to show one.
    const noCaptcha = await login(app, 'demoteam1');
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ errorCode: 'captcha.required', value: { captcha: true } });
    const wrong = await app.repos.captchas.create();
    const bad = await callEncrypted(app, 'POST', '/wps/session/login', {
      username: 'demoteam1',
      password: DEMO_PASSWORD,
      captcha: wrong.code === '000000' ? '111111' : '000000',
      captchaId: wrong.id,
    }, { ip: nextIp() });
    expect(bad.body.errorCode).toBe('captcha.invalid');
    const { id, code } = await app.repos.captchas.create();
    const good = await callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { username: 'demoteam1', password: DEMO_PASSWORD, captcha: code, captchaId: id }, { ip: nextIp() });
    expect(good.body.success).toBe(true);
    // Single use: the same captcha cannot be replayed.
    expect(await app.repos.captchas.verify(id, code)).toBe(false);
    // Success cleared the username's failures.
    expect((await login(app, 'demoteam1')).body.success).toBe(true);
  });

  it('demands a captcha after 3 failures from one IP, whatever the usernames', async () => {
    const app = server().app;
    const ip = nextIp();
    for (const name of ['ghost1', 'ghost2', 'ghost3']) await login(app, name, 'Wrong1234', { ip });
    const { body } = await login(app, 'demoteam2', DEMO_PASSWORD, { ip });
    expect(body.errorCode).toBe('captcha.required');
    expect((await login(app, 'demoteam2')).body.success).toBe(true);
  });

  it('refuses a plain body with encryption.required', async () => {
    const app = server().app;
    const plain = await call(app, 'POST', '/wps/session/login', { body: { username: 'demoplayer', password: DEMO_PASSWORD } });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ errorCode: 'encryption.required', message: 'err_encryption_required' });
    const noHeader = await call(app, 'POST', '/wps/session/login', { body: { payload: await encrypt(app, { username: 'demoplayer', password: DEMO_PASSWORD }) } });
    expect(noHeader.body.errorCode).toBe('encryption.required');
  });

  it('refuses a JWE that does not decrypt, and a payload that breaks its schema', async () => {
    const app = server().app;
    const forged = await call(app, 'POST', '/wps/session/login', { headers: { 'x-encrypted': '1' }, body: { payload: 'a.b.c.d.e' } });
    expect(forged.status).toBe(400);
    expect(forged.body.errorCode).toBe('encryption.invalid');
    const unknown = await callEncrypted(app, 'POST', '/wps/session/login', { username: 'demoplayer', password: 'x', admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/admin' } });
    const missing = await callEncrypted(app, 'POST', '/wps/session/login', { username: 'demoplayer' });
    expect(missing.body.value).toMatchObject({ field: '/password' });
    const wrongType = await callEncrypted(app, 'POST', '/wps/session/login', { username: 42, password: DEMO_PASSWORD });
    expect(wrongType.body.value).toMatchObject({ field: '/username' });
    const ruleBroken = await callEncrypted(app, 'POST', '/wps/session/login', { username: 'a b', password: DEMO_PASSWORD });
    expect(ruleBroken.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/username', messageKey: 'format_account' } });
  });

  it('logs in by mobile number and SMS code (single use)', async () => {
    const app = server().app;
    const sent = await call<{ expiredMinutes: number }>(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '9170000009', module: 'VERIFICATION3' } });
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await lastSmsCode(app, '9170000009');
    const ok = await callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { type: 'sms', username: '9170000009', password: code }, { ip: nextIp() });
    expect(ok.body.value).toMatchObject({ userName: 'demonopass', firstTimeLogin: true });
    const replay = await callEncrypted(app, 'POST', '/wps/session/login', { type: 'sms', username: '9170000009', password: code }, { ip: nextIp() });
    expect(replay.body.errorCode).toBe('login.failed');
  });

  it('refuses SMS login on a tenant without mobile-code login', async () => {
    const res = await callEncrypted(server().app, 'POST', '/wps/session/login', { type: 'sms', username: '9170000009', password: '123456' }, { host: EN, ip: nextIp() });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('module.disabled');
  });

  it('renews (with a new token) and logs out; a revoked token is refused', async () => {
    const app = server().app;
    const first = await tokenFor(app, 'demoplayer');
    const renewed = await call<{ token: string; expiresAt: string }>(app, 'POST', '/wps/session/renew', { token: first });
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.body.value!.expiresAt)).toBeGreaterThan(Date.now());
    const token = renewed.body.value!.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(first);
    const out = await call(app, 'DELETE', '/wps/session', { token });
    expect(out.body).toEqual({ success: true, value: true });
    const after = await call(app, 'GET', '/wps/member/info', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ errorCode: 'session.invalid', message: 'account_logged_out' });
    expect((await call(app, 'POST', '/wps/session/renew', { token })).status).toBe(401);
  });

  it('requires a session on member calls', async () => {
    const app = server().app;
    const none = await call(app, 'GET', '/wps/member/info');
    expect(none.status).toBe(401);
    expect(none.body.errorCode).toBe('session.required');
    const garbage = await call(app, 'GET', '/wps/member/info', { token: 'not-a-token' });
    expect(garbage.body.errorCode).toBe('session.invalid');
  });

  it('does not accept a session of one tenant on another tenant host', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoplayer');
    const other = await call(app, 'GET', '/wps/member/info', { token, host: EN });
    expect(other.status).toBe(401);
  });

  it('creates a free-play trial member of type 4 in the trial merchant', async () => {
    const app = server().app;
    const { body } = await call<SessionValue>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp() });
    expect(body.value).toMatchObject({ customerType: 4, firstTimeLogin: false });
    expect(body.value!.userName).toMatch(/^try\d{9}$/);
    const wallet = await call<{ sumBalance: number }>(app, 'GET', '/wps/member/wallet', { token: body.value!.token });
    expect(wallet.body.value!.sumBalance).toBe(2000);
    const member = await app.repos.members.byUsername('demophtry', body.value!.userName);
    expect(member?.type).toBe(4);
    const withBody = await call(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: { x: 1 } });
    expect(withBody.status).toBe(400);
  });

  it('slows failed logins of an account past the threshold, whatever the IPs, but never locks the owner out', async () => {
    const app = server().app;
    // The wait the guard applied before checking this attempt's password (0: none).
    const attempt = async (password: string) => {
      const { id, code } = await app.repos.captchas.create();
      const waits = loginWaits.count;
      const res = await callEncrypted(app, 'POST', '/wps/session/login', { username: 'demoagent', password, captcha: code, captchaId: id }, { ip: nextIp() });
      return { ...res, waitedMs: loginWaits.count > waits ? loginWaits.lastMs : 0 };
    };
    const waited: number[] = [];
    for (let i = 0; i < 6; i++) {
      const failed = await attempt('Wrong1234');
      expect(failed.body.errorCode).toBe('login.failed');
      waited.push(failed.waitedMs);
    }
    // Past the threshold (3), the 4th, 5th, 6th attempts waited 20, 40, 80 ms (base 20 ms, test limits); the next one 160 ms.
    expect(waited).toEqual([0, 0, 0, 20, 40, 80]);
    const slow = await attempt('Wrong1234');
    expect(slow.body.errorCode).toBe('login.failed');
    expect(slow.waitedMs).toBe(160);
    const owner = await attempt(DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.success).toBe(true);
    expect(owner.waitedMs).toBe(320);
    // The success cleared the member's count: no captcha, no wait.
    const waits = loginWaits.count;
    expect((await login(app, 'demoagent')).body.success).toBe(true);
    expect(loginWaits.count).toBe(waits);
  });

  it('does not count successful logins against the account', async () => {
    const app = server().app;
    const { max } = app.config.limits.loginFailures;
    for (let i = 0; i <= max + 2; i++) expect((await login(app, 'demoteam3')).body.success).toBe(true);
  });

  it('rate-limits logins per IP (shared counter in the database)', async () => {
    const app = server().app;
    const ip = nextIp();
    const { max } = app.config.limits.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await login(app, 'demoteam3', DEMO_PASSWORD, { ip })).status);
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
}, { limits: { loginDelay: { baseMs: 20, maxMs: 1000 } } });
