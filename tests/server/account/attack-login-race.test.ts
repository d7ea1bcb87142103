/**
 * Finding: racing wrong logins got 13 password checks without a captcha (threshold 3), and the
 * owner was then locked out (429 for 15 minutes). Now each attempt is counted before its password
 * is checked, per member (username and mobile number together) and per IP.
 */
import { expect, it } from 'vitest';
import { passwordChecks } from '../../../server/lib/passwords';
import { loginWaits } from '../../../server/modules/account/services/login-guard';
import { callEncrypted, DEMO_PASSWORD, describeBackends, login, nextIp, type SessionValue } from '../helpers';

const USERNAME = 'demoagent';
const MOBILE = '9171234568';

describeBackends('attack: racing wrong logins', ({ server }) => {
  async function withCaptcha(username: string, password: string) {
    const { id, code } = await server().app.repos.captchas.create();
    return callEncrypted<SessionValue>(server().app, 'POST', '/wps/session/login', { username, password, captcha: code, captchaId: id }, { ip: nextIp() });
  }

  it('checks at most 3 passwords without a captcha when 25 wrong logins race (both spellings), and the owner still gets in', async () => {
    const before = passwordChecks.count;
    const race = await Promise.all(Array.from({ length: 25 }, (_, i) => login(server().app, i % 2 === 0 ? USERNAME : MOBILE, `Wrong${1000 + i}`)));
    const checked = passwordChecks.count - before;
    expect(checked).toBeLessThanOrEqual(3);
    const codes = race.map((r) => r.body.errorCode);
    expect(codes.filter((c) => c === 'login.failed')).toHaveLength(checked);
    expect(codes.filter((c) => c === 'captcha.required')).toHaveLength(25 - checked);
    expect(race.every((r) => r.status !== 429)).toBe(true);

    // The owner: without a captcha, asked for one (not locked out); with one, let in.
    const noCaptcha = await login(server().app, USERNAME);
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ errorCode: 'captcha.required', value: { captcha: true } });
    const owner = await withCaptcha(USERNAME, DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.value).toMatchObject({ userName: USERNAME });
    // The success cleared the member's budget: both spellings log in without a captcha again.
    expect((await login(server().app, MOBILE)).body.success).toBe(true);
  });

  it('keeps letting the owner in while guesses with solved captchas keep coming, answering them ever slower', async () => {
    for (let i = 0; i < 3; i++) await login(server().app, MOBILE, 'Wrong1234');
    const slowed = loginWaits.count;
    const guesses = await Promise.all(Array.from({ length: 6 }, (_, i) => withCaptcha(i % 2 === 0 ? USERNAME : MOBILE, 'Wrong1234')));
    expect(guesses.every((g) => g.body.errorCode === 'login.failed')).toBe(true);
    // Each guess past the threshold waited before its password was checked.
    expect(loginWaits.count - slowed).toBe(6);
    const waits = loginWaits.count;
    const owner = await withCaptcha(USERNAME, DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    // 10th attempt of the window: waited the capped delay (test limits: 20 ms doubling, at most 200 ms).
    expect(loginWaits.count - waits).toBe(1);
    expect(loginWaits.lastMs).toBe(200);
  });

  it('gives an unknown name its own budget on the typed text', async () => {
    const before = passwordChecks.count;
    const race = await Promise.all(Array.from({ length: 10 }, () => login(server().app, 'NoSuchPlayer', 'Wrong1234')));
    expect(passwordChecks.count - before).toBe(3);
    expect(race.filter((r) => r.body.errorCode === 'captcha.required')).toHaveLength(7);
    expect((await login(server().app, 'nosuchplayer', 'Wrong1234')).body.errorCode).toBe('captcha.required');
  });
}, { limits: { loginDelay: { baseMs: 20, maxMs: 200 } } });
