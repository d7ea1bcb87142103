/**
 * The SMS and e-mails the platform sends are written in the member's language: the language the
 * site is shown in when they ask (its language cookie when the tenant offers that language, else
 * the tenant's default). Filipino and English have texts; another listed language reads English.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeBackends, EN, nextIp, PH, SMS_CODE, TEMP_PASSWORD, uniqueDigits } from '../helpers';

interface Message {
  text: string;
  subject?: string | null;
}

const FILIPINO_SMS = /: (\d{6}) ang iyong code ng beripikasyon\. Mawawalan ito ng bisa sa loob ng \d+ minuto\.$/;
const ENGLISH_SMS = /: your verification code is (\d{6})\. It expires in \d+ minutes\.$/;

describeBackends('messages in the member’s language', ({ server }) => {
  const outbox = async (to: string, host: string) =>
    (await call<Message[]>(server().app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(to)}`, { host })).body.value![0];
  const askCode = async (host: string, cookie?: string) => {
    const mobileNum = `9${uniqueDigits(9)}`;
    const sent = await call(server().app, 'POST', '/wps/verification/sms/noLogin', { host, ip: nextIp(), body: { mobileNum }, headers: cookie ? { cookie } : {} });
    expect(sent.body.success, JSON.stringify(sent.body)).toBe(true);
    return (await outbox(`+63${mobileNum}`, host)).text;
  };

  it('a verification SMS reads Filipino on demo-ph, English on demo-en, and follows the language the visitor chose', async () => {
    // demo-ph: Filipino by default.
    const filipino = await askCode(PH);
    expect(filipino).toMatch(FILIPINO_SMS);
    expect(filipino).not.toMatch(/verification code|expires/i);
    expect(SMS_CODE.exec(filipino)![1]).toBe(FILIPINO_SMS.exec(filipino)![1]);
    // The same site switched to English.
    expect(await askCode(PH, 'language=EN')).toMatch(ENGLISH_SMS);
    // demo-en: English by default, Filipino once the visitor picks it (demo-en offers TY).
    expect(await askCode(EN)).toMatch(ENGLISH_SMS);
    expect(await askCode(EN, 'theme=x; language=TY')).toMatch(FILIPINO_SMS);
    // A listed language without texts reads English; a language the tenant does not offer is its default.
    expect(await askCode(PH, 'language=JA')).toMatch(ENGLISH_SMS);
    expect(await askCode(EN, 'language=JA')).toMatch(ENGLISH_SMS);
    expect(await askCode(PH, 'language=XX')).toMatch(FILIPINO_SMS);
  });

  it('the temporary-password e-mail reads the member’s language, subject and text', async () => {
    const app = server().app;
    const mail = async (host: string, merchant: string, username: string, cookie?: string) => {
      const email = `lang${uniqueDigits(6)}@example.com`;
      await app.db.orm.execute(sql`UPDATE members SET email = ${email} WHERE merchant_code = ${merchant} AND username = ${username}`);
      const sent = await call(app, 'POST', '/wps/security/forgotPassword/email', { host, ip: nextIp(), body: { username, email }, headers: cookie ? { cookie } : {} });
      expect(sent.body.success).toBe(true);
      return outbox(email, host);
    };
    const filipino = await mail(PH, 'demoph01', 'demoteam3');
    expect(filipino.subject).toMatch(/: pansamantalang password$/);
    expect(filipino.text).toMatch(/^Ang iyong pansamantalang password ay [a-z]{4}\d{6}\. Gumagana ito sa loob ng \d+ minuto;/);
    expect(TEMP_PASSWORD.test(filipino.text)).toBe(true);
    const english = await mail(PH, 'demoph01', 'demoteam3', 'language=EN');
    expect(english.subject).toMatch(/: temporary password$/);
    expect(english.text).toMatch(/^Your temporary password is [a-z]{4}\d{6}\. It works for \d+ minutes;/);
    expect((await mail(EN, 'demoen01', 'demoteam3')).text).toMatch(/^Your temporary password is /);
  });
});
