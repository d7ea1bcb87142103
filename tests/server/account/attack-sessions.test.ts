/**
 * Finding: sessions renewed forever with the same token, and a temporary-password login left
 * other sessions alive with no server-side "must change password". Now: an absolute lifetime
 * renewal cannot pass, a new token at each renewal, and a temporary-password login ends the
 * other sessions and allows nothing but the password change until it is made.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sha256 } from '../../../server/lib/tokens';
import { call, DEMO_PASSWORD, describeBackends, login, nextIp, TEMP_PASSWORD, tokenFor } from '../helpers';

describeBackends('attack: sessions', ({ server }) => {
  const renew = (token: string) => call<{ token: string; expiresAt: string }>(server().app, 'POST', '/wps/session/renew', { token });
  const info = (token: string) => call(server().app, 'GET', '/wps/member/info', { token });

  async function endsAt(token: string): Promise<Date> {
    const res = await server().app.db.orm.execute(sql`SELECT ends_at FROM sessions WHERE token_hash = ${sha256(token)}`);
    const rows = (res as unknown as { rows: { ends_at: string | Date }[] }).rows;
    return new Date(rows[0].ends_at);
  }

  it('gives a session an absolute lifetime (30 days by default) that renewal cannot pass', async () => {
    const app = server().app;
    const loggedIn = Date.now();
    const token = await tokenFor(app, 'demoplayer');
    const end = await endsAt(token);
    expect(Math.abs(end.getTime() - (loggedIn + 30 * 86_400_000))).toBeLessThan(60_000);
    // Near the end of the lifetime: renewal stops at the end, and then nothing renews it.
    await app.db.orm.execute(sql`UPDATE sessions SET ends_at = now() + interval '2 seconds' WHERE token_hash = ${sha256(token)}`);
    const renewed = await renew(token);
    expect(renewed.status).toBe(200);
    const next = renewed.body.value!;
    expect(Date.parse(next.expiresAt)).toBeLessThanOrEqual(Date.now() + 2_500);
    expect((await endsAt(next.token)).getTime()).toBe((await endsAt(token)).getTime());
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await info(next.token)).status).toBe(401);
    expect((await renew(next.token)).status).toBe(401);
  });

  const sessionsOfLogin = async (token: string): Promise<number> => {
    const res = await server().app.db.orm.execute(
      sql`SELECT count(*)::int AS n FROM sessions WHERE login_id = (SELECT login_id FROM sessions WHERE token_hash = ${sha256(token)})`,
    );
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it('rotates the token on renewal: the old one renews into nothing new and stops after a short grace', async () => {
    const app = server().app;
    const old = await tokenFor(app, 'demoteam3');
    const renewed = await renew(old);
    const fresh = renewed.body.value!.token;
    expect(fresh).not.toBe(old);
    expect((await info(fresh)).status).toBe(200);
    // Grace for requests already in flight: still answered for a few seconds...
    expect((await info(old)).status).toBe(200);
    // ...and a renewal replayed in it (the first answer lost to a reload) answers the same new
    // token: a copy of the old token never becomes a session of its own.
    const replayed = await renew(old);
    expect(replayed.status).toBe(200);
    expect(replayed.body.value!.token).toBe(fresh);
    expect(await sessionsOfLogin(old)).toBe(2);
    const res = await app.db.orm.execute(sql`SELECT expires_at FROM sessions WHERE token_hash = ${sha256(old)}`);
    const oldExpiry = new Date((res as unknown as { rows: { expires_at: string | Date }[] }).rows[0].expires_at);
    expect(oldExpiry.getTime()).toBeLessThanOrEqual(Date.now() + 10_500);
    // The grace passes (moved into the past rather than waited for).
    await app.db.orm.execute(sql`UPDATE sessions SET expires_at = expires_at - interval '11 seconds' WHERE token_hash = ${sha256(old)}`);
    expect((await info(old)).body.errorCode).toBe('session.invalid');
    // Nor does a renewal replayed after the grace answer anything.
    const late = await renew(old);
    expect(late.status).toBe(401);
    expect(late.body.errorCode).toBe('session.invalid');
    expect((await info(fresh)).status).toBe(200);
    // The new token renews in turn.
    expect((await renew(fresh)).status).toBe(200);
  });

  it('answers racing renewals of one token with one new token, and refuses the old one once the new one is renewed', async () => {
    const app = server().app;
    const old = await tokenFor(app, 'demoteam3');
    const answers = await Promise.all(Array.from({ length: 5 }, () => renew(old)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(answers.map((a) => a.body.value!.token));
    expect(tokens.size).toBe(1);
    const [fresh] = [...tokens];
    expect(fresh).not.toBe(old);
    expect(await sessionsOfLogin(old)).toBe(2);
    // The new token renews in turn: the old one (still in its grace) no longer answers it.
    const next = (await renew(fresh)).body.value!.token;
    const stale = await renew(old);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('session.rotated');
    // A sealed answer is useless without the old token itself: a forged token finds no session.
    const forged = await renew(old.slice(0, -1) + (old.endsWith('A') ? 'B' : 'A'));
    expect(forged.status).toBe(401);
    expect((await info(next)).status).toBe(200);
    // Logging out ends the whole login, answered renewals included.
    expect((await call(app, 'DELETE', '/wps/session', { token: next })).status).toBe(200);
    expect((await renew(fresh)).status).toBe(401);
    expect((await renew(old)).status).toBe(401);
  });

  it('logging out right after a renewal also ends the token it replaced (no grace after logout)', async () => {
    const app = server().app;
    const old = await tokenFor(app, 'demoteam1');
    const other = await tokenFor(app, 'demoteam1');
    const fresh = (await renew(old)).body.value!.token;
    expect((await info(old)).status).toBe(200);
    expect((await call(app, 'DELETE', '/wps/session', { token: fresh })).status).toBe(200);
    expect((await info(fresh)).status).toBe(401);
    expect((await info(old)).body.errorCode).toBe('session.invalid');
    // Another login of the same member (another device) is not this login: it stays.
    expect((await info(other)).status).toBe(200);
  });

  it('ends the other sessions on a temporary-password login and allows only the password change until it is made', async () => {
    const app = server().app;
    const elsewhere = await tokenFor(app, 'demoteam2');
    await app.db.orm.execute(sql`UPDATE members SET email = 'team2@example.com' WHERE username = 'demoteam2'`);
    const sent = await call(app, 'POST', '/wps/security/forgotPassword/email', { ip: nextIp(), body: { username: 'demoteam2', email: 'team2@example.com' } });
    expect(sent.body.success).toBe(true);
    const mail = await call<{ text: string }[]>(app, 'GET', '/wps/dev/outbox?to=team2@example.com');
    const temp = TEMP_PASSWORD.exec(mail.body.value![0].text)![1];

    const viaTemp = await login(app, 'demoteam2', temp);
    expect(viaTemp.body.value).toMatchObject({ userName: 'demoteam2', firstTimeLogin: true, mustChangePassword: true });
    const token = viaTemp.body.value!.token;
    // Whoever held a session before (maybe the one who asked for the e-mail) is out.
    expect((await info(elsewhere)).body.errorCode).toBe('session.invalid');

    // Only the change-password screen's calls answer.
    const wallet = await call(app, 'GET', '/wps/member/wallet', { token });
    expect(wallet.status).toBe(403);
    expect(wallet.body).toMatchObject({ errorCode: 'password.change.required', message: 'err_password_change_required' });
    expect((await call(app, 'GET', '/wps/member/unreadCount', { token })).body.errorCode).toBe('password.change.required');
    expect((await info(token)).status).toBe(200);
    const renewed = await renew(token);
    expect(renewed.status).toBe(200);
    const current = renewed.body.value!.token;
    expect((await call(app, 'GET', '/wps/member/wallet', { token: current })).status).toBe(403);

    const changed = await call(app, 'POST', '/wps/security/v2/changePassword', {
      token: current,
      body: { oldPassword: temp, newPassword: 'Fresh5678', confirmNewPassword: 'Fresh5678' },
    });
    expect(changed.body).toEqual({ success: true, value: true });
    expect((await call(app, 'GET', '/wps/member/wallet', { token: current })).status).toBe(200);
    const again = await login(app, 'demoteam2', 'Fresh5678');
    expect(again.body.value).toMatchObject({ mustChangePassword: false });
    expect((await login(app, 'demoteam2', DEMO_PASSWORD)).body.errorCode).toBe('login.failed');
  });

  it('does not restrict a member who chose the password (registration, normal login)', async () => {
    const app = server().app;
    const res = await login(app, 'demoagent');
    expect(res.body.value).toMatchObject({ mustChangePassword: false });
    expect((await call(app, 'GET', '/wps/member/wallet', { token: res.body.value!.token })).status).toBe(200);
  });
});
