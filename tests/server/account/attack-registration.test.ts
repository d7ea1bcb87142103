/**
 * Registration and agent-opened accounts as an attacker tries them: guessing SMS codes to learn
 * whether a mobile number is a member's (the refusal must not differ), and lookalike usernames
 * (demopIayer beside demoplayer) typed in, sent through an agent, or raced past the check.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { usernameSkeleton } from '../../../server/lib/username-skeleton';
import { call, callEncrypted, describeBackends, EN, fundedPlayer, nextIp, PH, uniqueDigits, type SessionValue } from '../helpers';

const REGISTER = '/wps/member/register';
const PASSWORD = 'Secret123';

describeBackends('registration and account opening under attack', ({ server }) => {
  async function captcha() {
    const { id, code } = await server().app.repos.captchas.create();
    return { captcha: code, captchaId: id };
  }

  async function registerEn(username: string) {
    return callEncrypted<SessionValue>(server().app, 'PUT', REGISTER, { registerMethod: 'H5', type: 0, ...(await captcha()), username, password: PASSWORD, confirmPassword: PASSWORD }, { host: EN, ip: nextIp() });
  }

  const open = (app: FastifyInstance, token: string, username: string) =>
    call(app, 'POST', '/wps/agent/accounts', { host: PH, token, body: { kind: 'player', username, password: PASSWORD, confirmPassword: PASSWORD } });

  it('answers a wrong SMS code alike whether the mobile number is a member’s or not', async () => {
    const app = server().app;
    // 9171234567 is demoplayer's number on demo-ph; the other is nobody's.
    const wrongFor = async (mobileNum: string) => {
      await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum } });
      const res = await callEncrypted(app, 'PUT', REGISTER, { mobileNum, password: PASSWORD, confirmPassword: PASSWORD, ...(await captcha()), verificationCode: '000000' }, { host: PH, ip: nextIp() });
      return { status: res.status, body: res.body };
    };
    const member = await wrongFor('9171234567');
    const nobody = await wrongFor(`9${uniqueDigits(9)}`);
    expect(member).toEqual(nobody);
    expect(member).toEqual({ status: 400, body: { success: false, errorCode: 'sms.code.invalid', message: 'verification_code_error', value: { field: '/verificationCode' } } });
  });

  it('computes the skeleton in the database as the server does', async () => {
    const app = server().app;
    for (const name of ['demopIayer', 'DEMOPLAYER', 'dem0player', 'Il1iO0oz']) {
      const [row] = await rows<{ s: string }>(app.db.orm, sql`SELECT translate(lower(${name}), 'i10', 'llo') AS s`);
      expect(row.s).toBe(usernameSkeleton(name));
    }
    expect(usernameSkeleton('demopIayer')).toBe(usernameSkeleton('demoplayer'));
    expect(usernameSkeleton('dem0player')).toBe(usernameSkeleton('demoplayer'));
    expect(usernameSkeleton('demoplayer2')).not.toBe(usernameSkeleton('demoplayer'));
    // The seeded demo members all kept their names in the index (none shared a skeleton).
    const [shared] = await rows<{ n: string | number }>(app.db.orm, sql`SELECT count(*) AS n FROM members WHERE skeleton_shared`);
    expect(Number(shared.n)).toBe(0);
  });

  it('refuses lookalikes of a member’s username on registration, naming the field', async () => {
    for (const name of ['demopIayer', 'DEMOPLAYER', 'dem0player', 'DemoPIayer']) {
      const res = await registerEn(name);
      expect([res.status, res.body.errorCode, res.body.value], name).toEqual([409, 'username.exists', { field: '/username' }]);
    }
    // A name that only resembles another (one letter more) is free.
    const fresh = await registerEn(`demoplayer${uniqueDigits(4)}`);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
  });

  it('refuses lookalikes of a member’s username when an agent opens the account', async () => {
    const app = server().app;
    const boss = await fundedPlayer(app, 0, 1);
    for (const name of ['demopIayer', 'DEMOPLAYER', 'dem0player', 'DEMOTEAMl']) {
      const res = await open(app, boss.token, name);
      expect([res.status, res.body.errorCode, res.body.value], name).toEqual([409, 'username.exists', { field: '/username' }]);
    }
    const base = `q${uniqueDigits(8)}`;
    expect((await open(app, boss.token, base.replace(/1/g, 'l').replace(/0/g, 'o'))).status).toBe(200);
    // The same name with its lookalike letters swapped back: refused.
    const twin = await open(app, boss.token, base.toUpperCase());
    expect(twin.status).toBe(409);
  });

  it('lets racing lookalike registrations make one account (the unique index decides)', async () => {
    const app = server().app;
    const stem = `z${uniqueDigits(7)}`;
    // Each is a lookalike of the others: o/0, l/1/I, case.
    const names = [`${stem}ol`, `${stem}0l`, `${stem}O1`, `${stem}oI`, `${stem.toUpperCase()}OL`, `${stem}0I`];
    const results = await Promise.all(names.map((n) => registerEn(n)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, 'username.exists']);
    const [made] = await rows<{ n: string | number }>(app.db.orm, sql`SELECT count(*) AS n FROM members WHERE merchant_code = 'demoen01' AND username_skeleton = ${usernameSkeleton(names[0])}`);
    expect(Number(made.n)).toBe(1);
  });

  it('refuses a lookalike that slips past the check: the index answers username.exists, not 500', async () => {
    const app = server().app;
    const name = `k${uniqueDigits(8)}o`;
    const first = await registerEn(name);
    expect(first.status).toBe(200);
    // Straight to the repository, as a registration that checked before the first committed would.
    const err = await app.db.orm
      .transaction((tx) => app.repos.members.create(tx, { merchantCode: 'demoen01', username: name.replace(/o$/, '0'), type: 0, registerMethod: 'H5' }))
      .catch((e: unknown) => e);
    const { uniqueViolation } = await import('../../../server/db/unique');
    expect(uniqueViolation(err)).toBe('members_username_skeleton_uq');
  });
});
