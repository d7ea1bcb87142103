/**
 * Attack: a client rotates a fake left-most X-Forwarded-For to get a fresh per-IP budget (login,
 * SMS, captcha) and to fake its IP and country in startup. Behind one trusted proxy (hop count 1)
 * only the address that proxy appended counts.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config';
import { call, callEncrypted, describeBackends, uniqueDigits } from '../helpers';

const PROXY = '10.250.0.1';
const LIMIT = { max: 3, windowMs: 60_000 };
let fakeCounter = 0;
/** Headers of a request the proxy forwards for `client`, with a new fake entry the client wrote itself. */
function viaProxy(client: string, extra: Record<string, string> = {}) {
  fakeCounter += 1;
  return { ip: PROXY, headers: { 'x-forwarded-for': `203.0.113.${fakeCounter % 250}, ${client}`, ...extra } };
}

describeBackends(
  'attack: faked X-Forwarded-For behind one proxy',
  ({ server }) => {
    it('captcha limit: rotating the fake entry does not reset the budget', async () => {
      const { app } = server();
      const client = '198.51.100.11';
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT.max + 2; i++) statuses.push((await call(app, 'GET', '/wps/captcha', viaProxy(client))).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another real client behind the same proxy has its own budget.
      expect((await call(app, 'GET', '/wps/captcha', viaProxy('198.51.100.12'))).status).toBe(200);
    });

    it('login limit: rotating the fake entry does not reset the budget', async () => {
      const { app } = server();
      const client = '198.51.100.21';
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT.max + 2; i++) {
        const res = await callEncrypted(app, 'POST', '/wps/session/login', { type: 'username', username: 'nosuchuser', password: 'Wrong1234' }, viaProxy(client));
        statuses.push(res.status);
      }
      expect(statuses.slice(0, LIMIT.max)).not.toContain(429);
      expect(statuses.slice(LIMIT.max)).toEqual([429, 429]);
    });

    it('SMS limit: rotating the fake entry does not reset the budget', async () => {
      const { app } = server();
      const client = '198.51.100.31';
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT.max + 2; i++) {
        const res = await call(app, 'POST', '/wps/verification/sms/noLogin', { ...viaProxy(client), body: { mobileNum: `9${uniqueDigits(9)}`, module: 'VERIFICATION3' } });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, LIMIT.max)).not.toContain(429);
      expect(statuses.slice(LIMIT.max)).toEqual([429, 429]);
    });

    it('startup reports the real client IP, and the country only when it came through the proxy', async () => {
      const { app } = server();
      type Loc = { location: { ip: string; country: string | null } };
      const proxied = await call<Loc>(app, 'GET', '/wps/system/startup', viaProxy('198.51.100.41', { 'cf-ipcountry': 'JP' }));
      expect(proxied.body.value!.location).toEqual({ ip: '198.51.100.41', country: 'JP' });
      // A direct client (no proxy hop) cannot set its country; PH comes from the tenant's dialing code.
      const direct = await call<Loc>(app, 'GET', '/wps/system/startup', { ip: '198.51.100.42', headers: { 'cf-ipcountry': 'JP' } });
      expect(direct.body.value!.location).toEqual({ ip: '198.51.100.42', country: 'PH' });
    });
  },
  { trustProxy: 1, limits: { captchaPerIp: LIMIT, loginPerIp: LIMIT, smsPerIp: LIMIT } },
);

describeBackends(
  'attack: X-Forwarded-For from a peer that is not a listed proxy',
  ({ server }) => {
    it('uses the socket address of an unlisted peer, and the forwarded one of a listed proxy', async () => {
      const { app } = server();
      type Loc = { location: { ip: string; country: string | null } };
      const headers = { 'x-forwarded-for': '203.0.113.9, 198.51.100.51', 'cf-ipcountry': 'JP' };
      const listed = await call<Loc>(app, 'GET', '/wps/system/startup', { ip: PROXY, headers });
      expect(listed.body.value!.location).toEqual({ ip: '198.51.100.51', country: 'JP' });
      const unlisted = await call<Loc>(app, 'GET', '/wps/system/startup', { ip: '198.51.100.52', headers });
      expect(unlisted.body.value!.location).toEqual({ ip: '198.51.100.52', country: 'PH' });
    });
  },
  { trustProxy: ['10.250.0.0/16'] },
);

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses "trust everyone"', () => {
    expect(parseEnv({}).app.trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '0' }).app.trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).app.trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,::1' }).app.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1', '::1']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/^TRUST_PROXY=true is refused/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33,proxy' })).toThrow("TRUST_PROXY must be a hop count or a comma list of IP addresses/CIDRs (bad: '10.0.0.0/33', 'proxy')");
  });
});
