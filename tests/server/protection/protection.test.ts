/**
 * Player protection: a time-out or self-exclusion ends every session at once and refuses login
 * (username and mobile + SMS, with the end date in the tenant's zone), launch, spins, deposits and
 * promotions, and skips the member in operator messages; nobody can lift or shorten it (the member
 * re-excluding shorter, an operator over /ops or the CLI); the reality check refuses spins until
 * acknowledged; registration refuses a birth date under the tenant's age.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { auditLog, memberExclusions, memberProtection, messages } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { call, callEncrypted, describeBackends, EN, expectLedgerClean, lastSmsCode, login, nextIp, PH, spinKey, uniqueDigits, type SessionValue } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const OPS_PASSWORD = 'protection operator password';
const PASSWORD = 'Secret123';
let seq = 0;

interface Excluded {
  kind: string;
  until: string;
  date: string;
}

/** A member of demoph01 with a password, a mobile number and ₱1,000. */
async function member(app: FastifyInstance) {
  const hash = await hashPassword(PASSWORD, app.config.passwordHashing);
  const mobileNum = `91${uniqueDigits(8)}`;
  return app.db.orm.transaction(async (tx) => {
    const row = await app.repos.members.create(tx, {
      merchantCode: 'demoph01',
      username: `x${uniqueDigits(9)}`,
      type: 0,
      passwordHash: hash,
      mobileNum,
      countryDialingCode: '+63',
      registerMethod: 'H5',
      lastLoginAt: new Date(),
    });
    const wallet = await app.repos.ledger.openWallet(tx, 'demoph01', row.id, 'PHP');
    const house = await app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', row.id);
    await app.repos.ledger.post(tx, {
      merchantCode: 'demoph01',
      kind: 'DEPOSIT',
      lines: [
        { accountId: wallet, amount: 100_000 },
        { accountId: house, amount: -100_000 },
      ],
    });
    return { id: row.id, username: row.username, mobileNum };
  });
}

async function tokenOf(app: FastifyInstance, username: string): Promise<string> {
  const res = await login(app, username, PASSWORD);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.value!.token;
}

async function operatorToken(app: FastifyInstance, merchants: string[] | null = null): Promise<string> {
  const username = `ex${process.pid}x${++seq}`;
  await addOperator(app, CLI, { username, password: OPS_PASSWORD, merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: OPS_PASSWORD } });
  return res.body.value!.token;
}

const spin = (app: FastifyInstance, token: string) => call(app, 'POST', '/wps/game/inhouse/spin', { token, headers: spinKey(), body: { stake: 10 } });

describeBackends('player protection', ({ server }) => {
  let tenantTouched: (() => void) | null = null;
  afterEach(() => {
    tenantTouched?.();
    tenantTouched = null;
  });

  it('a self-exclusion ends the sessions, refuses username and mobile login with the end date, and cannot be shortened', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    const other = await tokenOf(app, m.username);

    const state = await call<{ timeout: string[]; selfExclusion: string[]; current?: unknown }>(app, 'GET', '/wps/member/exclusion', { token });
    expect(state.body.value).toEqual({ timeout: ['24h', '7d', '30d'], selfExclusion: ['6m', '1y', '5y'] });

    const wrongKind = await call(app, 'POST', '/wps/member/exclusion', { token, body: { kind: 'timeout', period: '6m' } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.value).toMatchObject({ field: '/period' });

    const before = Date.now();
    const done = await call<Excluded>(app, 'POST', '/wps/member/exclusion', { token, body: { kind: 'self_exclusion', period: '6m' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const until = Date.parse(done.body.value!.until);
    // Six calendar months: between 181 and 184 days.
    expect(until - before).toBeGreaterThan(180 * 86_400_000);
    expect(until - before).toBeLessThan(185 * 86_400_000);
    // The end in Manila time (UTC+8), to the minute.
    expect(done.body.value!.date).toBe(new Date(Math.floor(until / 60_000) * 60_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '));

    // Both sessions ended at once, and the member is told why.
    for (const t of [token, other]) {
      const info = await call(app, 'GET', '/wps/member/info', { token: t });
      expect(info.status).toBe(401);
      expect(info.body).toMatchObject({ errorCode: 'member.excluded', message: 'err_excluded', value: { date: done.body.value!.date, params: { date: done.body.value!.date } } });
    }

    // Username login with the right password: refused with the end date.
    const byName = await login(app, m.username, PASSWORD);
    expect(byName.status).toBe(403);
    expect(byName.body).toMatchObject({ errorCode: 'member.excluded', value: { kind: 'self_exclusion', date: done.body.value!.date } });
    // The mobile number as username, and mobile + SMS code on a tenant with mobile-code login.
    const byMobile = await login(app, m.mobileNum, PASSWORD);
    expect(byMobile.body.errorCode).toBe('member.excluded');
    await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: m.mobileNum, module: 'VERIFICATION3' } });
    const code = await lastSmsCode(app, m.mobileNum);
    const bySms = await callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { type: 'sms', username: m.mobileNum, password: code }, { ip: nextIp() });
    expect(bySms.status).toBe(403);
    expect(bySms.body).toMatchObject({ errorCode: 'member.excluded', value: { date: done.body.value!.date } });
    // A wrong password still reads as a failed login: the exclusion is told only to the owner.
    expect((await login(app, m.username, 'Wrong1234')).body.errorCode).toBe('login.failed');

    // The row can be neither shortened nor deleted, even in SQL.
    await expect(app.db.orm.update(memberExclusions).set({ endsAt: new Date() }).where(eq(memberExclusions.memberId, m.id))).rejects.toThrow();
    await expect(app.db.orm.delete(memberExclusions).where(eq(memberExclusions.memberId, m.id))).rejects.toThrow();
  });

  it('re-excluding only extends; a shorter one is refused; racing requests keep one consistent end', async () => {
    const { app } = server();
    const m = await member(app);
    const tokens = await Promise.all([1, 2, 3].map(() => tokenOf(app, m.username)));
    const first = await call<Excluded>(app, 'POST', '/wps/member/exclusion', { token: tokens[0], body: { kind: 'timeout', period: '7d' } });
    expect(first.status).toBe(200);
    // The other sessions ended too: no request of this member gets through any more.
    const later = await call(app, 'POST', '/wps/member/exclusion', { token: tokens[1], body: { kind: 'timeout', period: '24h' } });
    expect(later.status).toBe(401);
    expect(later.body.errorCode).toBe('member.excluded');

    // Directly through the service (a member cannot log in meanwhile): shorter refused, longer accepted.
    const { exclude } = await import('../../../server/modules/protection/services/exclusions');
    const tenant = app.tenants.byMerchant('demoph01')!;
    await expect(exclude(app, tenant, m.id, 'timeout', '24h')).rejects.toMatchObject({ errorCode: 'exclusion.shorten' });
    const longer = await exclude(app, tenant, m.id, 'self_exclusion', '1y');
    expect(Date.parse(longer.until)).toBeGreaterThan(Date.parse(first.body.value!.until));
    const rows = await app.db.orm.select().from(memberExclusions).where(eq(memberExclusions.memberId, m.id));
    expect(rows).toHaveLength(2);
  });

  it('an excluded member cannot launch, spin or deposit', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    // Excluded by another path while this session is held: the doors themselves refuse.
    await app.db.orm.insert(memberExclusions).values({ merchantCode: 'demoph01', memberId: m.id, kind: 'timeout', period: '24h', startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });

    const launch = await call(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE' } });
    expect(launch.status).toBe(403);
    expect(launch.body.errorCode).toBe('member.excluded');
    const played = await spin(app, token);
    expect(played.status).toBe(403);
    expect(played.body.errorCode).toBe('member.excluded');
    const channels = await call<{ channels: { id: string; min: number }[] }>(app, 'GET', '/wps/wallet/deposit/channels', { token });
    const channel = channels.body.value!.channels[0];
    const dep = await call(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: channel.id, amount: Math.max(channel.min, 100) } });
    expect(dep.status).toBe(403);
    expect(dep.body.errorCode).toBe('member.excluded');
    await expectLedgerClean(app);
  });

  it('operators list exclusions; lifting or shortening one is refused (API and CLI) and audited', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    await call(app, 'POST', '/wps/member/exclusion', { token, body: { kind: 'self_exclusion', period: '5y' } });
    const op = await operatorToken(app, ['demoph01']);
    const list = await call<{ id: number; username: string; kind: string; active: boolean }[]>(app, 'GET', '/ops/exclusions?merchant=demoph01&active=true', { token: op });
    expect(list.status).toBe(200);
    const row = list.body.value!.find((e) => e.username === m.username)!;
    expect(row).toMatchObject({ kind: 'self_exclusion', active: true });

    const lift = await call(app, 'POST', `/ops/exclusions/${row.id}/lift`, { token: op, body: { reason: 'member asked on the phone' } });
    expect(lift.status).toBe(409);
    expect(lift.body.errorCode).toBe('exclusion.irreversible');
    const shorten = await call(app, 'POST', `/ops/exclusions/${row.id}/lift`, { token: op, body: { reason: 'shorter please', endsAt: new Date().toISOString() } });
    expect(shorten.body.errorCode).toBe('exclusion.irreversible');
    const noReason = await call(app, 'POST', `/ops/exclusions/${row.id}/lift`, { token: op, body: {} });
    expect(noReason.status).toBe(400);
    // Another merchant's operator: as if it did not exist.
    const enOp = await operatorToken(app, ['demoen01']);
    expect((await call(app, 'POST', `/ops/exclusions/${row.id}/lift`, { token: enOp, body: { reason: 'not mine' } })).status).toBe(404);
    expect((await call(app, 'GET', '/ops/exclusions?merchant=demoph01', { token: enOp })).status).toBe(403);

    const lifted = await runOps(app, CLI, ['exclusions', 'lift', String(row.id), '--reason', 'cli try']);
    expect(lifted.exitCode).toBe(1);
    expect(lifted.stderr.join('\n')).toMatch(/cannot be lifted.*exclusion\.irreversible/);
    const listed = await runOps(app, CLI, ['exclusions', 'list', '--merchant', 'demoph01']);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.join('\n')).toContain(m.username);

    const audits = await app.db.orm.select().from(auditLog).where(eq(auditLog.targetId, String(row.id)));
    expect(audits.filter((a) => a.action === 'exclusion.lift.refused').length).toBeGreaterThanOrEqual(3);
    // Still in force.
    expect((await login(app, m.username, PASSWORD)).body.errorCode).toBe('member.excluded');
  });

  it('operator messages skip excluded members', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    await call(app, 'POST', '/wps/member/exclusion', { token, body: { kind: 'timeout', period: '24h' } });
    const sent = await runOps(app, CLI, ['messages', 'send', 'demoph01', '--member', m.username, '--title', 'Big bonus', '--content', 'Come back and play']);
    expect(sent.exitCode, sent.stderr.join('\n')).toBe(0);
    expect(sent.stdout.join('\n')).toContain('0 members');
    const got = await app.db.orm.select().from(messages).where(eq(messages.memberId, m.id));
    expect(got).toHaveLength(0);
  });

  it('the reality check refuses spins once due until the member acknowledges it', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    const set = await call<{ minutes: number; due: boolean; dueAt: string }>(app, 'PUT', '/wps/member/realityCheck', { token, body: { minutes: 1 } });
    expect(set.body.value).toMatchObject({ minutes: 1, due: false });
    expect((await spin(app, token)).status).toBe(200);

    // The interval has passed (the development route stands in for a minute's wait).
    await call(app, 'POST', '/wps/dev/realityCheck/due', { token });
    const refused = await spin(app, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'reality.check.due', value: { due: true, minutes: 1, stakes: 0.1 } });
    const state = await call<{ net: number; playedSeconds: number; due: boolean }>(app, 'GET', '/wps/member/realityCheck', { token });
    expect(state.body.value!.due).toBe(true);

    const ack = await call<{ due: boolean; dueAt: string }>(app, 'POST', '/wps/member/realityCheck/acknowledge', { token });
    expect(ack.body.value!.due).toBe(false);
    expect(Date.parse(ack.body.value!.dueAt)).toBeGreaterThan(Date.now() + 50_000);
    expect((await spin(app, token)).status).toBe(200);
    // Off: never due.
    await call(app, 'PUT', '/wps/member/realityCheck', { token, body: { minutes: 0 } });
    await call(app, 'POST', '/wps/dev/realityCheck/due', { token });
    expect((await spin(app, token)).status).toBe(200);
    const [stored] = await app.db.orm.select().from(memberProtection).where(eq(memberProtection.memberId, m.id));
    expect(stored.realityCheckMinutes).toBe(0);
    // A forged interval: 400 naming the field.
    const forged = await call(app, 'PUT', '/wps/member/realityCheck', { token, body: { minutes: 7 } });
    expect(forged.status).toBe(400);
    expect(forged.body.value).toMatchObject({ field: '/minutes' });
    await expectLedgerClean(app);
  });

  it('registration refuses a birth date under the tenant age when the tenant requires one', async () => {
    const { app } = server();
    const en = app.tenants.all.get('demo-en')!;
    const saved = en.settings.protection;
    en.settings.protection = { ...saved, birthDateRequired: true };
    tenantTouched = () => {
      en.settings.protection = saved;
    };
    const register = async (fields: Record<string, unknown>) => {
      const { id, code } = await app.repos.captchas.create();
      return callEncrypted<SessionValue>(app, 'PUT', '/wps/member/register', { registerMethod: 'H5', type: 0, captcha: code, captchaId: id, username: `b${uniqueDigits(8)}`, password: PASSWORD, confirmPassword: PASSWORD, ...fields }, { host: EN, ip: nextIp() });
    };
    const settings = await call<{ birthDateRequired: boolean }>(app, 'GET', '/wps/system/registerSettings', { host: EN });
    expect(settings.body.value!.birthDateRequired).toBe(true);

    const missing = await register({});
    expect(missing.status).toBe(400);
    expect(missing.body.value).toMatchObject({ field: '/birthDate' });
    const invalid = await register({ birthDate: '2001-02-30' });
    expect(invalid.body.value).toMatchObject({ field: '/birthDate' });
    const year = new Date().getUTCFullYear();
    const under = await register({ birthDate: `${year - 17}-01-01` });
    expect(under.status).toBe(400);
    expect(under.body).toMatchObject({ errorCode: 'age.under', message: 'err_age_under', value: { field: '/birthDate', ageLimit: 18, params: { age: 18 } } });
    const ok = await register({ birthDate: '1990-05-17' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = await app.db.orm.select().from(memberProtection).where(eq(memberProtection.birthDate, '1990-05-17'));
    expect(rows.length).toBeGreaterThan(0);
    void PH;
  });

  it('identity verification refuses an under-age birthday', async () => {
    const { app } = server();
    const m = await member(app);
    const token = await tokenOf(app, m.username);
    const year = new Date().getUTCFullYear();
    const res = await call(app, 'POST', '/wps/security/identity', { token, body: { realName: 'Juan Dela Cruz', birthday: `${year - 20}-01-01`, nationality: 'PH', address: 'Manila', occupation: 'Clerk', sourceOfIncome: 'Salary', placeOfBirth: 'Manila', idNumber: 'A1234567' } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('identity.age.under');
  });
});
