/**
 * Attack: reading another tenant's messages in the dev outbox. The outbox (DEV_ROUTES=1) used to
 * answer any host with every tenant's SMS codes and e-mails for a recipient; each message now
 * records its merchant and a host reads only its own tenant's.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeBackends, EN, nextIp, PH, SMS_CODE, TEMP_PASSWORD, uniqueDigits } from '../helpers';

interface Message {
  to: string;
  text: string;
}

describeBackends('attack: dev outbox across tenants', ({ server }) => {
  const outbox = (to: string, host: string) => call<Message[]>(server().app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(to)}`, { host });

  it('an EN host cannot read the SMS codes PH sent, and each tenant sees only its own', async () => {
    const app = server().app;
    const mobileNum = `9${uniqueDigits(9)}`;
    const to = `+63${mobileNum}`;
    expect((await call(app, 'POST', '/wps/verification/sms/noLogin', { host: PH, ip: nextIp(), body: { mobileNum } })).body.success).toBe(true);
    const ph = await outbox(to, PH);
    expect(ph.body.value).toHaveLength(1);
    expect(ph.body.value![0].text).toMatch(SMS_CODE);
    const en = await outbox(to, EN);
    expect(en.status).toBe(200);
    expect(en.body.value).toEqual([]);

    expect((await call(app, 'POST', '/wps/verification/sms/noLogin', { host: EN, ip: nextIp(), body: { mobileNum } })).body.success).toBe(true);
    const enOwn = (await outbox(to, EN)).body.value!;
    expect(enOwn).toHaveLength(1);
    expect(enOwn[0].text).not.toBe(ph.body.value![0].text);
    expect((await outbox(to, PH)).body.value).toHaveLength(1);
  });

  it('an EN host cannot read the temporary password PH e-mailed', async () => {
    const app = server().app;
    const email = `outbox${uniqueDigits(6)}@example.com`;
    await app.db.orm.execute(sql`UPDATE members SET email = ${email} WHERE merchant_code = 'demoph01' AND username = 'demoteam1'`);
    const sent = await call(app, 'POST', '/wps/security/forgotPassword/email', { host: PH, ip: nextIp(), body: { username: 'demoteam1', email } });
    expect(sent.body.success).toBe(true);
    expect((await outbox(email, PH)).body.value![0].text).toMatch(TEMP_PASSWORD);
    expect((await outbox(email, EN)).body.value).toEqual([]);
  });
});
