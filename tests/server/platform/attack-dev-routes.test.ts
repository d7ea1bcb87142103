/**
 * The account-takeover chain through the development routes, replayed against a server started
 * with its defaults (no DEV_ROUTES): the password-reset SMS code cannot be read from the outbox,
 * and a captcha's digits can neither be revealed nor read from the database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config';
import { rows } from '../../../server/db/client';
import { call, describeBackends, nextIp, PH } from '../helpers';

describeBackends(
  'development routes are off by default',
  ({ server }) => {
    it('does not show the password-reset SMS code in an outbox', async () => {
      const app = server().app;
      expect(app.config.devRoutes).toBe(false);
      const reset = await call(app, 'POST', '/wps/verification/sms/resetPassword', { host: PH, ip: nextIp(), body: { mobileNo: '9171234567' } });
      expect(reset.status).toBe(200);
      const outbox = await call(app, 'GET', '/wps/dev/outbox?to=%2B639171234567', { host: PH, ip: nextIp() });
      expect(outbox.status).toBe(404);
    });

    it('does not reveal a captcha, nor keep its digits in the database', async () => {
      const app = server().app;
      const { body } = await call<{ captchaId: string }>(app, 'GET', '/wps/captcha', { host: PH, ip: nextIp() });
      const id = body.value!.captchaId;
      expect((await call(app, 'GET', `/wps/dev/captcha?id=${id}`, { host: PH, ip: nextIp() })).status).toBe(404);
      const found = await rows<{ dev_code: string | null; code_hash: string }>(app.db.orm, sql`SELECT dev_code, code_hash FROM captchas WHERE id = ${id}`);
      expect(found).toHaveLength(1);
      expect(found[0].dev_code).toBeNull();
      expect(found[0].code_hash).not.toMatch(/^\d{6}$/);
    });
  },
  { devRoutes: false },
);

describe('DEV_ROUTES in the environment', () => {
  it('is off when unset', () => {
    expect(parseEnv({}).app.devRoutes).toBe(false);
    expect(parseEnv({ DEV_ROUTES: '0' }).app.devRoutes).toBe(false);
    expect(parseEnv({ DEV_ROUTES: '1' }).app.devRoutes).toBe(true);
  });

  it('is refused in production', () => {
    expect(() => parseEnv({ DEV_ROUTES: '1', NODE_ENV: 'production' })).toThrow(/DEV_ROUTES=1 is refused with NODE_ENV=production/);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@127.0.0.1:1/none',
      MESSAGE_WEBHOOK_URL: 'https://gateway.example.com/send',
      MESSAGE_WEBHOOK_SECRET: 'gateway-secret',
      KEY_ENCRYPTION_KEY: 'ab'.repeat(32),
    };
    expect(parseEnv(production).app.devRoutes).toBe(false);
  });
});
