/**
 * VIP levels over HTTP (GET /wps/member/vip and the level in GET /wps/member/info): the routes
 * answer only with the vipBenefit setting, never to free-trial members, a visitor or another
 * tenant's Host. The level rules are tested on the platform in vip.test.ts.
 */
import { expect, it } from 'vitest';
import { call, describeBackends, EN, fundedPlayer, tokenFor } from '../helpers';

describeBackends('VIP levels over HTTP', ({ server }) => {
  it('answers the status and the level through the routes', async () => {
    const { app } = server();
    const token = await tokenFor(app, 'demoplayer');
    const status = await call<{ level: number; name: string }>(app, 'GET', '/wps/member/vip', { token });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body.value).toMatchObject({ level: 1, name: 'vip_level_bronze' });
    const info = await call<{ vipLevel: number; vipName: string }>(app, 'GET', '/wps/member/info', { token });
    expect(info.body.value).toMatchObject({ vipLevel: 1, vipName: 'vip_level_bronze' });
  });

  it('answers only with the vipBenefit setting, never to trial members, a visitor or another tenant’s Host', async () => {
    const { app } = server();
    expect((await call(app, 'GET', '/wps/member/vip')).status).toBe(401);
    const trial = await fundedPlayer(app, 0, 4);
    const t = await call(app, 'GET', '/wps/member/vip', { token: trial.token });
    expect(t.status).toBe(403);
    expect(t.body.errorCode).toBe('trial.forbidden');
    const trialInfo = await call<{ vipLevel: number }>(app, 'GET', '/wps/member/info', { token: trial.token });
    expect(trialInfo.status, JSON.stringify(trialInfo.body)).toBe(200);
    expect(trialInfo.body.value).toMatchObject({ vipLevel: 0 });

    const ph = await fundedPlayer(app, 100_000);
    const foreign = await call(app, 'GET', '/wps/member/vip', { token: ph.token, host: EN });
    expect(foreign.status).toBe(401);
    expect((await call(app, 'GET', '/wps/member/info', { token: ph.token, host: EN })).status).toBe(401);

    const en = app.tenants.all.get('demo-en')!;
    expect(en.settings.vipBenefit).toBe(false);
    const enToken = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    const off = await call(app, 'GET', '/wps/member/vip', { token: enToken, host: EN });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ errorCode: 'vip.disabled', message: 'err_vip_disabled' });
  });
});
