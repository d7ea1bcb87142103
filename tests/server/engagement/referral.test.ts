/**
 * Every member's own referral code: made once (also under racing first requests), resolved at
 * registration so the friend becomes the member's downline and is listed masked; another
 * merchant's host does not know it; a trial account has none.
 */
import { expect, it } from 'vitest';
import { call, callEncrypted, describeBackends, EN, nextIp, PH, tokenFor, uniqueDigits, type SessionValue } from '../helpers';

interface Referral {
  code: string;
  invitedTotal: number;
  invited: { username: string; regDate: string }[];
}

describeBackends('referral codes', ({ server }) => {
  async function register(host: string, fields: Record<string, unknown>) {
    const { id, code } = await server().app.repos.captchas.create();
    return callEncrypted<SessionValue>(server().app, 'PUT', '/wps/member/register', { registerMethod: 'H5', type: 0, captcha: code, captchaId: id, ...fields }, { host, ip: nextIp() });
  }

  it('a player gets one code, and a friend registering with it becomes the player’s downline', async () => {
    const app = server().app;
    const host = EN;
    const owner = `r${uniqueDigits(8)}`;
    const reg = await register(host, { username: owner, password: 'Secret123', confirmPassword: 'Secret123' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const token = reg.body.value!.token;
    // Racing first requests make one code.
    const answers = await Promise.all(Array.from({ length: 5 }, () => call<Referral>(app, 'GET', '/wps/member/referral', { host, token })));
    const codes = new Set(answers.map((a) => a.body.value!.code));
    expect(codes.size).toBe(1);
    const code = [...codes][0];
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(answers[0].body.value).toMatchObject({ invitedTotal: 0, invited: [] });

    const friend = `f${uniqueDigits(8)}`;
    const joined = await register(host, { username: friend, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: code.toLowerCase() });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const info = await call<{ toUpline: string }>(app, 'GET', '/wps/member/info', { host, token: joined.body.value!.token });
    expect(info.body.value!.toUpline).toBe(owner);
    const after = await call<Referral>(app, 'GET', '/wps/member/referral', { host, token });
    expect(after.body.value).toMatchObject({ code, invitedTotal: 1, invited: [{ username: `${friend.slice(0, 2)}***${friend.slice(-2)}` }] });
  });

  it('an agent keeps using its existing code; another merchant does not know a code', async () => {
    const app = server().app;
    const agent = await call<Referral>(app, 'GET', '/wps/member/referral', { token: await tokenFor(app, 'demoagent') });
    expect(agent.status).toBe(200);
    const again = await call<Referral>(app, 'GET', '/wps/member/referral', { token: await tokenFor(app, 'demoagent') });
    expect(again.body.value!.code).toBe(agent.body.value!.code);
    expect(agent.body.value!.invitedTotal).toBeGreaterThanOrEqual(3);

    const player = await call<Referral>(app, 'GET', '/wps/member/referral', { token: await tokenFor(app, 'demoplayer') });
    const code = player.body.value!.code;
    const elsewhere = await register(EN, { username: `x${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: code });
    // demo-en's codes are its own: demo-ph's player code is unknown there (unless drawn twice by chance, which the alphabet makes negligible).
    expect(elsewhere.body).toMatchObject({ errorCode: 'affiliate.invalid' });
    expect((await call(app, 'GET', '/wps/member/referral', { host: EN, token: await tokenFor(app, 'demoplayer') })).status).toBe(401);
  });

  it('a free-trial account has no referral code', async () => {
    const app = server().app;
    const trial = await call<{ token: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const res = await call(app, 'GET', '/wps/member/referral', { host: PH, token: trial.body.value!.token });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('trial.forbidden');
  });
});
