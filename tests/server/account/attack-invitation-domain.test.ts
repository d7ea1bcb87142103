/**
 * Attack: a code bound to one domain (HOMEONLY, the tenant's first domain) used from another
 * host by claiming the bound domain in the `domain` parameter. The server checks the host the
 * request was sent to, never the parameter. The default tenant is demo-en here, so an unknown
 * host serves demo-en and the code exists there.
 */
import { expect, it } from 'vitest';
import { call, callEncrypted, describeBackends, EN, nextIp, type SessionValue, uniqueDigits } from '../helpers';

const OTHER_HOST = 'mirror.localhost';

describeBackends(
  'attack: invitation code domain taken from a parameter',
  ({ server }) => {
    async function register(host: string, fields: Record<string, unknown>) {
      const app = server().app;
      const { id, code } = await app.repos.captchas.create();
      return callEncrypted<SessionValue>(
        app,
        'PUT',
        '/wps/member/register',
        { registerMethod: 'H5', type: 0, captcha: code, captchaId: id, password: 'Secret123', confirmPassword: 'Secret123', ...fields },
        { host, ip: nextIp() },
      );
    }

    it('the check route ignores a domain parameter that names the bound domain', async () => {
      const app = server().app;
      const onItsHost = await call(app, 'GET', '/wps/affiliate/check?code=HOMEONLY', { host: EN, ip: nextIp() });
      expect(onItsHost.body.success).toBe(true);
      const claimed = await call(app, 'GET', '/wps/affiliate/check?code=HOMEONLY&domain=demo-en.localhost', { host: OTHER_HOST, ip: nextIp() });
      expect(claimed.body).toMatchObject({ success: false, errorCode: 'affiliate.invalid' });
      // An unbound code still works on any host of the tenant.
      const unbound = await call(app, 'GET', '/wps/affiliate/check?code=DEMOAGENT', { host: OTHER_HOST, ip: nextIp() });
      expect(unbound.body.success).toBe(true);
    });

    it('registration refuses the bound code from another host, whatever the payload says', async () => {
      const forged = await register(OTHER_HOST, { username: `d${uniqueDigits(8)}`, affiliateCode: 'HOMEONLY', domain: 'demo-en.localhost' });
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ errorCode: 'affiliate.invalid', value: { field: '/affiliateCode' } });
      const genuine = await register(EN, { username: `g${uniqueDigits(8)}`, affiliateCode: 'HOMEONLY' });
      expect(genuine.body.success).toBe(true);
    });
  },
  { defaultTenant: 'demo-en' },
);
