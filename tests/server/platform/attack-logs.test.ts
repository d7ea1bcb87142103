/**
 * Attack: reading secrets from the server log. SMS codes, temporary passwords, session and
 * launch tokens, phone numbers and e-mail addresses must not reach the log lines: the outbox
 * provider logs no message text, request lines carry no query values, a failed delivery logs no
 * text. The server runs with the production logger options (loggerOptions) writing to memory.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/lib/logging';
import type { MessageProvider, OutgoingMessage } from '../../../server/providers/types';
import { call, callEncrypted, describeBackends, lastSmsCode, nextIp, SMS_CODE, startServer, TEMP_PASSWORD, uniqueDigits, type SessionValue, type TestServer } from '../helpers';

/** A pino destination that keeps every line. */
function memoryLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** `secret` in the log: as a substring, or (for short digit codes) as a number of its own. */
function leaks(lines: string[], secret: string): string[] {
  const pattern = /^\d{1,8}$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : null;
  return lines.filter((line) => (pattern ? pattern.test(line) : line.includes(secret)));
}

const log = memoryLog();

describeBackends(
  'attack: secrets in the log',
  ({ server }) => {
    it('logs requests and messages, but no code, temporary password, token, phone number or e-mail', async () => {
      const app = server().app;
      const secrets: string[] = [];

      // 1. An SMS code for a new number (registration / SMS login / set password).
      const fresh = `9${uniqueDigits(9)}`;
      const sent = await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: fresh, countryDialingCode: '+63' } });
      expect(sent.body.success).toBe(true);
      secrets.push(fresh, `+63${fresh}`, await lastSmsCode(app, fresh));

      // 2. A password-reset code for a member's number.
      const resetNum = '9171234601';
      expect((await call(app, 'POST', '/wps/verification/sms/resetPassword', { ip: nextIp(), body: { mobileNo: resetNum } })).body.success).toBe(true);
      secrets.push(resetNum, await lastSmsCode(app, resetNum));

      // 3. SMS login: the code and the session token it opens.
      const loginNum = '9171234603';
      await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: loginNum } });
      const loginCode = await lastSmsCode(app, loginNum);
      const session = await callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { type: 'sms', username: loginNum, password: loginCode }, { ip: nextIp() });
      expect(session.body.success).toBe(true);
      secrets.push(loginNum, loginCode, session.body.value!.token);

      // 4. Forgot password by e-mail: the temporary password.
      const email = `logs${uniqueDigits(6)}@example.com`;
      await app.db.orm.execute(sql`UPDATE members SET email = ${email} WHERE username = 'demoteam2'`);
      const forgot = await call(app, 'POST', '/wps/security/forgotPassword/email', { ip: nextIp(), body: { username: 'demoteam2', email } });
      expect(forgot.body.success).toBe(true);
      const mail = await call<{ text: string }[]>(app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(email)}`);
      const temp = TEMP_PASSWORD.exec(mail.body.value![0].text)![1];
      secrets.push(email, temp);

      // 5. Secrets in a query string (launch tokens, numbers, codes).
      const token = `launch${uniqueDigits(12)}`;
      const queryNum = `9${uniqueDigits(9)}`;
      await call(app, 'GET', `/wps/system/startup?token=${token}&mobileNum=${queryNum}&code=${loginCode}`, { token: session.body.value!.token });
      secrets.push(token, queryNum);

      const lines = log.lines;
      // The log is there: request lines (path and query names only) and outbox lines.
      const parsed = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string }; outbox?: { to?: string; channel?: string } });
      expect(parsed.some((l) => l.req?.url === '/wps/system/startup?token&mobileNum&code')).toBe(true);
      expect(parsed.some((l) => l.req?.url === '/wps/dev/outbox?to')).toBe(true);
      const outboxLines = parsed.filter((l) => l.outbox);
      expect(outboxLines.length).toBeGreaterThanOrEqual(4);
      expect(outboxLines.some((l) => l.outbox!.channel === 'sms' && /^\+63\*+\d{2}$/.test(l.outbox!.to ?? ''))).toBe(true);
      for (const secret of secrets) expect(leaks(lines, secret), `log leaks ${secret}`).toEqual([]);
      // No message text at all, in either language.
      expect(lines.filter((l) => /verification code is|code ng beripikasyon|temporary password is|pansamantalang password/i.test(l))).toEqual([]);
    });
  },
  { logger: loggerOptions({ level: 'info', stream: log.stream }) },
);

describe('attack: a failed delivery logs no text [pglite]', () => {
  const failing = memoryLog();
  const texts: string[] = [];
  // A gateway error that echoes the message (as some HTTP gateways do).
  const provider: MessageProvider = {
    name: 'echoing',
    send: async (m: OutgoingMessage) => {
      texts.push(m.text);
      throw new Error(`gateway refused ${m.to}: ${m.text}`);
    },
  };
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { messageProvider: provider, logger: loggerOptions({ level: 'info', stream: failing.stream }) });
  });
  afterAll(async () => server.close());

  it('answers 502 and logs the failure without the code or the number', async () => {
    const mobileNum = `9${uniqueDigits(9)}`;
    const res = await call(server.app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum } });
    expect(res.status).toBe(502);
    const code = SMS_CODE.exec(texts[0])![1];
    expect(failing.lines.some((l) => l.includes('message provider failed'))).toBe(true);
    expect(leaks(failing.lines, code)).toEqual([]);
    expect(leaks(failing.lines, mobileNum)).toEqual([]);
    expect(failing.lines.filter((l) => /verification code is|code ng beripikasyon/i.test(l))).toEqual([]);
  });
});
