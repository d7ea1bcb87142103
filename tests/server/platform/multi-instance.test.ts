import { describe, expect, it } from 'vitest';
import { call, encrypt, login, nextIp, postgresAvailable, tokenFor, twoInstances } from '../helpers';

/** Two instances on one PostgreSQL schema: sessions, keys, counters and migrations are shared. */
describe.skipIf(!postgresAvailable && !process.env.CI)('two instances on one PostgreSQL schema', () => {
  const two = twoInstances();

  it('migrated and seeded once', async () => {
    const { rows } = await import('../../../server/db/client');
    const { sql } = await import('drizzle-orm');
    const { migrationFiles } = await import('../../../server/db/migrate');
    // Each migration applied once, however many instances raced for it.
    const [m] = await rows<{ n: number }>(two.a.app.db.orm, sql`SELECT count(*)::int AS n FROM schema_migrations`);
    expect(Number(m.n)).toBe((await migrationFiles()).length);
    const [g] = await rows<{ n: number }>(two.a.app.db.orm, sql`SELECT count(*)::int AS n FROM games WHERE merchant_code = 'demoph01'`);
    expect(Number(g.n)).toBeGreaterThanOrEqual(600);
    const [p] = await rows<{ n: number }>(two.a.app.db.orm, sql`SELECT count(*)::int AS n FROM members WHERE username = 'demoplayer'`);
    expect(Number(p.n)).toBe(2);
  });

  it('shares the JWE key: a body encrypted for one decrypts on the other', async () => {
    expect(two.a.app.jwe.publicJwk).toEqual(two.b.app.jwe.publicJwk);
    const payload = await encrypt(two.a.app, { username: 'demoplayer', password: 'Demo1234' });
    const res = await call(two.b.app, 'POST', '/wps/session/login', { ip: nextIp(), headers: { 'x-encrypted': '1' }, body: { payload } });
    expect(res.body.success).toBe(true);
  });

  it('a login on one is valid on the other; a logout on one revokes on both', async () => {
    const token = await tokenFor(two.a.app, 'demoagent');
    expect((await call(two.b.app, 'GET', '/wps/member/info', { token })).status).toBe(200);
    expect((await call(two.a.app, 'GET', '/wps/member/info', { token })).status).toBe(200);
    expect((await call(two.b.app, 'DELETE', '/wps/session', { token })).body.success).toBe(true);
    expect((await call(two.a.app, 'GET', '/wps/member/info', { token })).status).toBe(401);
    expect((await call(two.b.app, 'GET', '/wps/member/info', { token })).status).toBe(401);
  });

  it('counts login failures across instances (captcha after 3, wherever they happened)', async () => {
    const ip = nextIp();
    await login(two.a.app, 'demoteam3', 'Wrong1234', { ip: nextIp() });
    await login(two.b.app, 'demoteam3', 'Wrong1234', { ip: nextIp() });
    const third = await login(two.a.app, 'demoteam3', 'Wrong1234', { ip });
    expect(third.body.value).toEqual({ captcha: true });
    expect((await login(two.b.app, 'demoteam3')).body.errorCode).toBe('captcha.required');
  });

  it('verifies on one instance a captcha issued by the other', async () => {
    const { id, code } = await two.a.app.repos.captchas.create();
    expect(await two.b.app.repos.captchas.verify(id, code)).toBe(true);
    expect(await two.a.app.repos.captchas.verify(id, code)).toBe(false);
  });
});
