/**
 * The agent home (GET /wps/agent/home) and separate logins (spec sections 4,
 * 6 and 8): the four team counters of the tenant's day come from the team tree and never count
 * another merchant's members or members outside the team; only agents get the figures; the agent
 * entry refuses players and the member entry refuses agents where the tenant asks for it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tenantTimeZone } from '../../../src/lib/app-config';
import { zoneDate } from '../../../src/domain/date-range';
import { tenantClock } from '../../../server/modules/agent/services/agent-home';
import { call, callEncrypted, describeBackends, DEMO_PASSWORD, EN, fundedPlayer, nextIp, PH, uniqueDigits } from '../helpers';

interface Counters {
  teamLoginMemberCount: number;
  teamBetMemberCount: number;
  teamRegisterMemberCount: number;
  teamOnlineCount: number;
}
interface Home {
  userName: string;
  type: number;
  balance: number;
  currency: string;
  today: string;
  hour: number;
  timeZone: string;
  footer: Counters;
}

const DAY_MS = 86_400_000;

interface NewMember {
  upline?: number | null;
  merchantCode?: string;
  type?: number;
  /** Registered this many days ago (default 0: now). */
  regDaysAgo?: number;
  /** Logged in this many days ago; absent: never. */
  loginDaysAgo?: number;
  /** Opens a live session (the member is online). */
  online?: boolean;
  /** A bet of the tenant's day (a bet_days row). */
  betToday?: boolean;
}

/** A member of the team tree, with what the counters look at. */
async function member(app: FastifyInstance, o: NewMember = {}): Promise<{ id: number; token: string | null }> {
  const merchantCode = o.merchantCode ?? 'demoph01';
  return app.db.orm.transaction(async (tx) => {
    const m = await app.repos.members.create(tx, {
      merchantCode,
      username: `ah${uniqueDigits(9)}`,
      type: o.type ?? 0,
      uplineId: o.upline ?? null,
      registerMethod: 'H5',
      regDate: new Date(Date.now() - (o.regDaysAgo ?? 0) * DAY_MS),
      lastLoginAt: o.loginDaysAgo === undefined ? null : new Date(Date.now() - o.loginDaysAgo * DAY_MS),
    });
    await app.repos.ledger.openWallet(tx, merchantCode, m.id, 'PHP');
    if (o.betToday) {
      const today = zoneDate(tenantTimeZone(app.tenants.byMerchant(merchantCode)!));
      await tx.execute(sql`INSERT INTO bet_days (member_id, day, game_type, vassalage, bet_count, stake, valid_turnover, win)
        VALUES (${m.id}, ${today}::date, 'RNG', 'INHOUSE', 1, 100, 100, 0)`);
    }
    const token = o.online ? (await app.repos.sessions.create(tx, { memberId: m.id, merchantCode, ip: '127.0.0.1', firstLogin: false })).token : null;
    return { id: m.id, token };
  });
}

describe('tenantClock', () => {
  it("gives the tenant's day and hour, across midnight and in a zone west of UTC", () => {
    const at = Date.UTC(2026, 0, 31, 16, 30); // 00:30 on Feb 1 in Manila (UTC+8)
    expect(tenantClock('Asia/Manila', at)).toEqual({ today: '2026-02-01', hour: 0 });
    expect(tenantClock('Asia/Manila', at - 60_000 * 31)).toEqual({ today: '2026-01-31', hour: 23 });
    expect(tenantClock('America/New_York', at)).toEqual({ today: '2026-01-31', hour: 11 });
  });
});

describeBackends('agent home', ({ server }) => {
  it('counts the logins, bettors, registrations and online members of the team today, and nobody else', async () => {
    const { app } = server();
    const agent = await member(app, { type: 1, regDaysAgo: 30, loginDaysAgo: 0, online: true });
    const sub = await member(app, { upline: agent.id, type: 1, regDaysAgo: 20, loginDaysAgo: 0 });
    // Below the sub-agent: still the agent's team.
    await member(app, { upline: sub.id, regDaysAgo: 0, loginDaysAgo: 0, online: true, betToday: true });
    await member(app, { upline: agent.id, regDaysAgo: 3, loginDaysAgo: 2, betToday: true });
    await member(app, { upline: agent.id, regDaysAgo: 0 });
    await member(app, { upline: agent.id, regDaysAgo: 5, loginDaysAgo: 5, online: true });
    await member(app, { upline: agent.id, regDaysAgo: 9 });
    // Not the team: another agent's player, and another merchant's member under this agent.
    const other = await member(app, { type: 1, regDaysAgo: 10 });
    await member(app, { upline: other.id, regDaysAgo: 0, loginDaysAgo: 0, online: true, betToday: true });
    await member(app, { upline: agent.id, merchantCode: 'demoen01', regDaysAgo: 0, loginDaysAgo: 0, online: true, betToday: true });

    const { status, body } = await call<Home>(app, 'GET', '/wps/agent/home', { token: agent.token! });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.value!.footer).toEqual({ teamLoginMemberCount: 2, teamBetMemberCount: 2, teamRegisterMemberCount: 2, teamOnlineCount: 2 });
    expect(body.value).toMatchObject({ type: 1, balance: 0, currency: 'PHP', timeZone: 'Asia/Manila', today: zoneDate('Asia/Manila') });
    expect(body.value!.hour).toBe(tenantClock('Asia/Manila', Date.now()).hour);

    // A logout ends a member's presence.
    const ended = await member(app, { upline: agent.id, regDaysAgo: 1, online: true });
    const before = (await call<Home>(app, 'GET', '/wps/agent/home', { token: agent.token! })).body.value!.footer.teamOnlineCount;
    await call(app, 'DELETE', '/wps/session', { token: ended.token! });
    const after = (await call<Home>(app, 'GET', '/wps/agent/home', { token: agent.token! })).body.value!.footer.teamOnlineCount;
    expect([before, after]).toEqual([3, 2]);
  });

  it('answers the seeded agent its own balance and username', async () => {
    const { app } = server();
    const { body } = await callEncrypted<{ token: string }>(app, 'POST', '/wps/session/login', { type: 'username', username: 'demoagent', password: DEMO_PASSWORD }, { ip: nextIp() });
    const home = await call<Home>(app, 'GET', '/wps/agent/home', { token: body.value!.token });
    expect(home.body.value).toMatchObject({ userName: 'demoagent', type: 1 });
    expect(home.body.value!.balance).toBeGreaterThan(0);
  });

  it.each([
    ['a player (type 0)', 0],
    ['a free-trial member (type 4)', 4],
    ['type 40', 40],
  ])('refuses %s with agent.required', async (_label, type) => {
    const { app } = server();
    const token = type === 4 ? (await fundedPlayer(app, 0, 4)).token : (await member(app, { type, online: true })).token!;
    const host = type === 4 ? PH : PH;
    for (const url of ['/wps/agent/home']) {
      const { status, body } = await call(app, 'GET', url, { token, host });
      expect(status).toBe(403);
      expect(body).toMatchObject({ success: false, errorCode: 'agent.required', message: 'err_agent_required' });
    }
  });

  it('needs a session, and a session of another tenant is refused', async () => {
    const { app } = server();
    expect((await call(app, 'GET', '/wps/agent/home')).status).toBe(401);
    const agent = await member(app, { type: 1, online: true });
    const { status } = await call(app, 'GET', '/wps/agent/home', { token: agent.token!, host: EN });
    expect(status).toBe(401);
  });

  describe('separate logins', () => {
    const loginAs = (app: FastifyInstance, username: string, audience?: 'agent' | 'member') =>
      callEncrypted<{ customerType: number }>(app, 'POST', '/wps/session/login', { type: 'username', username, password: DEMO_PASSWORD, ...(audience ? { audience } : {}) }, { ip: nextIp() });

    it("the agent entry refuses players with 'Non-agents cannot log in' and admits agents", async () => {
      const { app } = server();
      const refused = await loginAs(app, 'demoplayer', 'agent');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, errorCode: 'login.agent.only', message: 'non_agent_login' });
      const agent = await loginAs(app, 'demoagent', 'agent');
      expect(agent.body.value!.customerType).toBe(1);
    });

    it('a wrong password at the agent entry is a plain login failure (the member type is not told)', async () => {
      const { app } = server();
      const { status, body } = await callEncrypted(app, 'POST', '/wps/session/login', { type: 'username', username: 'demoplayer', password: 'Wrong1234', audience: 'agent' }, { ip: nextIp() });
      expect(status).toBe(401);
      expect(body.errorCode).toBe('login.failed');
    });

    it('the member entry refuses agents only where the tenant asks for it (settings.memberOnlyLogin)', async () => {
      const { app } = server();
      expect((await loginAs(app, 'demoagent', 'member')).status).toBe(200);
      expect((await loginAs(app, 'demoagent')).status).toBe(200);
      const settings = app.tenants.byMerchant('demoph01')!.settings;
      settings.memberOnlyLogin = true;
      try {
        for (const audience of ['member', undefined] as const) {
          const refused = await loginAs(app, 'demoagent', audience);
          expect(refused.status).toBe(403);
          expect(refused.body).toMatchObject({ errorCode: 'login.member.only', message: 'non_member_login' });
        }
        expect((await loginAs(app, 'demoplayer', 'member')).status).toBe(200);
        expect((await loginAs(app, 'demoagent', 'agent')).status).toBe(200);
      } finally {
        delete settings.memberOnlyLogin;
      }
    });

    it('an unknown audience is a 400 naming the field', async () => {
      const { app } = server();
      const { status, body } = await callEncrypted(app, 'POST', '/wps/session/login', { type: 'username', username: 'demoagent', password: DEMO_PASSWORD, audience: 'boss' }, { ip: nextIp() });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain('audience');
    });
  });
});
