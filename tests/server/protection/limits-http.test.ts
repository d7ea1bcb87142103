/**
 * Player protection limits and the activity statement over HTTP (schemas/api/limits.json,
 * statement.json) on both databases: the session limit ends the login at the auth of every call,
 * nobody else reads or changes a member's limits (another tenant's Host, a visitor, a trial
 * member), bad input is 400 naming the field, and the statement downloads as a CSV file. The
 * rules themselves (limits under racing requests, cooling-off, the statement's sums) are tested
 * on the platform in limits.test.ts.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../../../server/db/client';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { call, describeBackends, EN, fundedPlayer, nextIp } from '../helpers';
import { createDeposit } from '../wallet-deposit-helpers';

interface LimitView {
  kind: string;
  period: string;
  value: number | null;
  pending: { value: number | null; effectiveAt: string } | null;
  used: number;
  remaining: number | null;
}
interface Limits {
  coolingOffHours: number;
  limits: LimitView[];
}

const setLimit = (app: FastifyInstance, token: string, body: unknown) => call<Limits>(app, 'PUT', '/wps/member/limits', { token, body });
const getLimits = (app: FastifyInstance, token: string) => call<Limits>(app, 'GET', '/wps/member/limits', { token });
const slot = (limits: Limits, kind: string, period: string) => limits.limits.find((l) => l.kind === kind && l.period === period)!;

describeBackends('player protection limits over HTTP', ({ server }) => {
  it('sets and reads a limit through the routes: the envelope with every limit', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const empty = await getLimits(app, token);
    expect(empty.status).toBe(200);
    expect(empty.body.value!.limits).toHaveLength(10);
    const set = await setLimit(app, token, { kind: 'deposit', period: 'day', value: 500 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(slot(set.body.value!, 'deposit', 'day')).toMatchObject({ value: 500, pending: null });
    const refused = await createDeposit(app, token, { channelId: 'gcash', amount: 600 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'limit.deposit.exceeded', message: 'err_limit_deposit_exceeded', value: { period: 'day', amount: 500, limit: 500 } });
  });

  it('a session limit change whose time has come applies to the next call (read with the session, written once due)', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'session', period: 'session', value: 120 });
    await app.db.orm.execute(sql`UPDATE sessions SET created_at = now() - interval '31 minutes' WHERE member_id = ${memberId}`);
    // 120 minutes in force: the 31-minute-old login goes on.
    expect((await call(app, 'GET', '/wps/member/wallet', { token })).status).toBe(200);
    // A change to 30 minutes, due a minute ago (as a tightening made by an operator, or a loosening after its cooling-off).
    await app.db.orm.execute(sql`UPDATE player_limits SET pending_set = true, pending_value = 30, effective_at = now() - interval '1 minute' WHERE member_id = ${memberId} AND kind = 'session'`);
    const ended = await call(app, 'GET', '/wps/member/wallet', { token });
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ errorCode: 'limit.session.reached' });
    const [row] = await rows<{ value: number | string; pending_set: boolean }>(app.db.orm, sql`SELECT value, pending_set FROM player_limits WHERE member_id = ${memberId} AND kind = 'session'`);
    expect({ value: Number(row.value), pendingSet: row.pending_set }).toEqual({ value: 30, pendingSet: false });
  });

  it('the session limit ends the login: calls answer limit.session.reached, a new login starts again', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'session', period: 'session', value: 30 });
    expect((await call(app, 'GET', '/wps/member/wallet', { token })).status).toBe(200);
    await app.db.orm.execute(sql`UPDATE sessions SET created_at = now() - interval '31 minutes' WHERE member_id = ${memberId}`);
    const ended = await call(app, 'GET', '/wps/member/wallet', { token });
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ errorCode: 'limit.session.reached', message: 'err_limit_session_reached' });
    expect((await call(app, 'POST', '/wps/session/renew', { token })).body.errorCode).toBe('limit.session.reached');
    const fresh = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId, merchantCode: 'demoph01', ip: '127.0.0.1', firstLogin: false }));
    expect((await call(app, 'GET', '/wps/member/wallet', { token: fresh.token })).status).toBe(200);
  });

  it('a member reads and changes only their own limits; another tenant host and a trial member are refused', async () => {
    const { app } = server();
    const mine = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    await setLimit(app, mine.token, { kind: 'loss', period: 'day', value: 50 });
    expect(slot((await getLimits(app, other.token)).body.value!, 'loss', 'day').value).toBeNull();
    await setLimit(app, other.token, { kind: 'loss', period: 'day', value: 999 });
    expect(slot((await getLimits(app, mine.token)).body.value!, 'loss', 'day').value).toBe(50);
    // A member id in the body is not part of the contract.
    expect((await setLimit(app, other.token, { kind: 'loss', period: 'day', value: 1, memberId: mine.memberId })).status).toBe(400);
    expect((await call(app, 'GET', '/wps/member/limits', { token: mine.token, host: EN })).body.errorCode).toBe('session.invalid');
    expect((await call(app, 'GET', '/wps/member/limits')).body.errorCode).toBe('session.required');
    const trial = await call<{ token: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const refused = await getLimits(app, trial.body.value!.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('trial.forbidden');
    expect((await setLimit(app, trial.body.value!.token, { kind: 'deposit', period: 'day', value: 5 })).body.errorCode).toBe('trial.forbidden');
  });

  it.each([
    ['zero', { kind: 'deposit', period: 'day', value: 0 }, '/value'],
    ['negative', { kind: 'deposit', period: 'day', value: -5 }, '/value'],
    ['three decimals', { kind: 'deposit', period: 'day', value: 1.005 }, '/value'],
    ['text', { kind: 'deposit', period: 'day', value: '500' }, '/value'],
    ['unknown kind', { kind: 'bonus', period: 'day', value: 5 }, '/kind'],
    ['session with a day', { kind: 'session', period: 'day', value: 5 }, '/period'],
    ['deposit per session', { kind: 'deposit', period: 'session', value: 5 }, '/period'],
    ['session minutes with decimals', { kind: 'session', period: 'session', value: 1.5 }, '/value'],
    ['session over a day', { kind: 'session', period: 'session', value: 1441 }, '/value'],
    ['no value', { kind: 'deposit', period: 'day' }, '/value'],
  ])('bad input (%s) is 400 naming the field', async (_name, body, field) => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const res = await setLimit(app, token, body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('validation.failed');
    expect((res.body.value as unknown as { field: string }).field).toBe(field);
  });
});

describeBackends('activity statement over HTTP', ({ server }) => {
  it('answers the month as JSON and downloads the same as a CSV file; no file without the session', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 100_000);
    const dep = await createDeposit(app, token, { channelId: 'gcash', amount: 150 });
    await app.db.orm.execute(sql`UPDATE deposits SET state = 'paid' WHERE id = ${dep.body.value!.id}`);
    const res = await call<{ currency: string; months: { month: string; deposits: number; stakes: number; wins: number; net: number; bets: number }[] }>(
      app,
      'GET',
      '/wps/member/statement?months=2',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.value!.months).toHaveLength(2);
    expect(res.body.value!.months[0]).toMatchObject({ deposits: 150, withdrawals: 0, stakes: 0, wins: 0, net: 0, bets: 0 });
    const csv = await app.inject({ method: 'GET', url: '/wps/member/statement.csv?months=2', headers: { host: 'demo-ph.localhost', authorization: `Bearer ${token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d{4}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('month,currency,deposits,withdrawals,stakes,wins,net,bets');
    expect(lines[1]).toBe(`${res.body.value!.months[0].month},PHP,150.00,0.00,0.00,0.00,0.00,0`);
    expect(lines).toHaveLength(3);
    // Without the session: the envelope, no file.
    const anonymous = await app.inject({ method: 'GET', url: '/wps/member/statement.csv', headers: { host: 'demo-ph.localhost' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(app, 'GET', '/wps/member/statement?months=25', { token })).status).toBe(400);
  });
});
