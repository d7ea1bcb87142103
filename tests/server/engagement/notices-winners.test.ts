/**
 * Player notices and agent announcements (read state per member, per tenant, agents only) and the
 * winners page (big wins by period, masked names) on both backends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../server/db/schema';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { maskName } from '../../../server/lib/games-catalogue';
import { periodBounds, periodStartDate } from '../../../server/modules/games/services/winners';
import type { Announcements } from '../../../src/generated/api/announcements';
import type { Winners } from '../../../src/generated/api/games';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer } from '../helpers';
import { placeBet } from '../rebate-helpers';

const NOTICES = '/wps/announcements?types=PL&groupName=m_home&lang=EN';
const AGENT = '/wps/announcements?types=A&groupName=m_home&lang=EN';
const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

describe('winners periods', () => {
  it('start today, on the Monday of the week and on the 1st of the month', () => {
    expect(periodStartDate('today', '2026-11-25')).toBe('2026-11-25');
    expect(periodStartDate('week', '2026-11-25')).toBe('2026-11-23');
    expect(periodStartDate('week', '2026-11-23')).toBe('2026-11-23');
    expect(periodStartDate('week', '2026-11-29')).toBe('2026-11-23');
    expect(periodStartDate('month', '2026-11-25')).toBe('2026-11-01');
  });

  it('are bounded by the tenant zone midnights', () => {
    // 2026-11-25 02:00 in Manila is 2026-11-24 18:00 UTC.
    const now = Date.UTC(2026, 10, 24, 18, 0);
    const today = periodBounds('Asia/Manila', 'today', now);
    expect(today.from.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(today.until.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(periodBounds('Asia/Manila', 'week', now).from.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(periodBounds('Asia/Manila', 'month', now).from.toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });
});

describeBackends('player notices and agent announcements', ({ server }) => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const app = server().app;
    const insert = async (key: string, merchantCode: string, type: 'PL' | 'A') => {
      const [row] = await app.db.orm
        .insert(announcements)
        .values({ merchantCode, type, lang: 'EN', title: `Test ${key}`, content: `<p>Body ${key}</p><img src=x onerror="alert(1)">`, sort: -100 })
        .returning({ id: announcements.id });
      ids[key] = row.id;
    };
    await insert('pl1', 'demoph01', 'PL');
    await insert('pl2', 'demoph01', 'PL');
    await insert('a1', 'demoph01', 'A');
    await insert('enPl', 'demoen01', 'PL');
    await insert('enA', 'demoen01', 'A');
  });

  it('counts unread notices per member: one member reading leaves the other unread', async () => {
    const app = server().app;
    const alice = await fundedPlayer(app, 0);
    const bob = await fundedPlayer(app, 0);
    const before = (await call<Announcements>(app, 'GET', NOTICES, { token: alice.token })).body.value!;
    const total = before.notices.length;
    expect(before.notices.map((n) => n.id)).toEqual(expect.arrayContaining([ids.pl1, ids.pl2]));
    expect(before.notices.every((n) => n.read === false)).toBe(true);
    expect(before.footer.noticeUnreadCount).toBe(total);

    expect((await call(app, 'POST', `/wps/announcements/${ids.pl1}/read`, { token: alice.token })).body).toEqual({ success: true, value: true });
    // Marking twice is harmless.
    expect((await call(app, 'POST', `/wps/announcements/${ids.pl1}/read`, { token: alice.token })).status).toBe(200);

    const a = (await call<Announcements>(app, 'GET', NOTICES, { token: alice.token })).body.value!;
    expect(a.footer.noticeUnreadCount).toBe(total - 1);
    expect(a.notices.find((n) => n.id === ids.pl1)?.read).toBe(true);
    expect(a.notices.find((n) => n.id === ids.pl2)?.read).toBe(false);

    const b = (await call<Announcements>(app, 'GET', NOTICES, { token: bob.token })).body.value!;
    expect(b.footer.noticeUnreadCount).toBe(total);
    expect(b.notices.find((n) => n.id === ids.pl1)?.read).toBe(false);
  });

  it("gives a visitor the notices without read state and refuses a visitor's mark", async () => {
    const app = server().app;
    const guest = (await call<Announcements>(app, 'GET', NOTICES)).body.value!;
    expect(guest.notices.length).toBeGreaterThan(0);
    expect(guest.notices.every((n) => n.read === undefined)).toBe(true);
    expect(guest.footer).toEqual({ unreadCount: 0, noticeUnreadCount: 0 });
    expect((await call(app, 'POST', `/wps/announcements/${ids.pl1}/read`)).status).toBe(401);
  });

  it('the mark names no member: there is no way to mark another member read', async () => {
    const app = server().app;
    const alice = await fundedPlayer(app, 0);
    const bob = await fundedPlayer(app, 0);
    // Anything naming a member is refused by the schema, the session decides whose read state it is.
    const withBody = await call(app, 'POST', `/wps/announcements/${ids.pl2}/read`, { token: alice.token, body: { memberId: bob.memberId } });
    expect(withBody.status).toBe(400);
    const withQuery = await call(app, 'POST', `/wps/announcements/${ids.pl2}/read?memberId=${bob.memberId}`, { token: alice.token });
    expect(withQuery.status === 400 || withQuery.status === 200).toBe(true);
    const b = (await call<Announcements>(app, 'GET', NOTICES, { token: bob.token })).body.value!;
    expect(b.notices.find((n) => n.id === ids.pl2)?.read).toBe(false);
  });

  it("hides another tenant's announcements and refuses to mark them", async () => {
    const app = server().app;
    const player = await fundedPlayer(app, 0);
    const agent = await fundedPlayer(app, 0, 1);
    const ph = (await call<Announcements>(app, 'GET', NOTICES, { token: player.token })).body.value!;
    expect(ph.notices.map((n) => n.id)).not.toContain(ids.enPl);
    const en = (await call<Announcements>(app, 'GET', NOTICES, { host: EN })).body.value!;
    expect(en.notices.map((n) => n.id)).toContain(ids.enPl);
    expect(en.notices.map((n) => n.id)).not.toContain(ids.pl1);
    const agentNotices = (await call<Announcements>(app, 'GET', AGENT, { token: agent.token })).body.value!;
    expect(agentNotices.agentNotices.map((n) => n.id)).toContain(ids.a1);
    expect(agentNotices.agentNotices.map((n) => n.id)).not.toContain(ids.enA);
    expect((await call(app, 'POST', `/wps/announcements/${ids.enPl}/read`, { token: player.token })).status).toBe(404);
    expect((await call(app, 'POST', `/wps/announcements/${ids.enA}/read`, { token: agent.token })).status).toBe(404);
  });

  it('keeps agent announcements from players: none listed, marking refused', async () => {
    const app = server().app;
    const player = await fundedPlayer(app, 0);
    const list = (await call<Announcements>(app, 'GET', AGENT, { token: player.token })).body.value!;
    expect(list.agentNotices).toEqual([]);
    expect(list.footer.unreadCount).toBe(0);
    const mark = await call(app, 'POST', `/wps/announcements/${ids.a1}/read`, { token: player.token });
    expect(mark.status).toBe(403);
    expect(mark.body.errorCode).toBe('module.disabled');
    const guest = (await call<Announcements>(app, 'GET', AGENT)).body.value!;
    expect(guest.agentNotices).toEqual([]);
  });

  it("counts an agent's unread announcements per agent", async () => {
    const app = server().app;
    const one = await fundedPlayer(app, 0, 1);
    const two = await fundedPlayer(app, 0, 1);
    const before = (await call<Announcements>(app, 'GET', AGENT, { token: one.token })).body.value!;
    const unread = before.footer.unreadCount;
    expect(unread).toBeGreaterThan(0);
    expect(before.agentNotices.find((n) => n.id === ids.a1)?.read).toBe(false);
    expect((await call(app, 'POST', `/wps/announcements/${ids.a1}/read`, { token: one.token })).status).toBe(200);
    const after = (await call<Announcements>(app, 'GET', AGENT, { token: one.token })).body.value!;
    expect(after.footer.unreadCount).toBe(unread - 1);
    expect(after.agentNotices.find((n) => n.id === ids.a1)?.read).toBe(true);
    const other = (await call<Announcements>(app, 'GET', AGENT, { token: two.token })).body.value!;
    expect(other.footer.unreadCount).toBe(unread);
  });
  it('operators publish, list and withdraw notices and agent announcements with the ops verbs', async () => {
    const app = server().app;
    // A query of its own: the announcements' content cache does not hold it yet.
    const url = '/wps/announcements?types=A,PL&groupName=m_home&lang=TY';
    const pl = await runOps(app, CLI, ['announcements', 'publish', 'demoph01', '--type', 'PL', '--title', 'CLI notice', '--content', '<p>Hi</p>', '--sort', '-200']);
    expect(pl.exitCode, pl.stderr.join('\n')).toBe(0);
    expect(pl.stdout[0]).toMatch(/^published #\d+ for the players of demoph01$/);
    const a = await runOps(app, CLI, ['announcements', 'publish', 'demoph01', '--type', 'A', '--title', 'CLI agents', '--content', '<p>Rates</p>', '--lang', 'TY']);
    expect(a.exitCode, a.stderr.join('\n')).toBe(0);
    const plId = Number(/#(\d+)/.exec(pl.stdout[0])![1]);
    const aId = Number(/#(\d+)/.exec(a.stdout[0])![1]);

    const player = await fundedPlayer(app, 0);
    const agent = await fundedPlayer(app, 0, 1);
    const seenByPlayer = (await call<Announcements>(app, 'GET', url, { token: player.token })).body.value!;
    expect(seenByPlayer.notices.find((n) => n.id === plId)).toMatchObject({ title: 'CLI notice', read: false });
    expect(seenByPlayer.agentNotices).toEqual([]);
    const seenByAgent = (await call<Announcements>(app, 'GET', url, { token: agent.token })).body.value!;
    expect(seenByAgent.agentNotices.find((n) => n.id === aId)).toMatchObject({ title: 'CLI agents', read: false });

    const listed = await runOps(app, CLI, ['announcements', 'list', '--merchant', 'demoph01']);
    expect(listed.stdout.join('\n')).toContain(`#${aId}  demoph01  A  TY  "CLI agents"`);
    const enOnly: OpsActor = { operatorId: null, actor: 'cli:en', merchantCodes: ['demoen01'] };
    const forbidden = await runOps(app, enOnly, ['announcements', 'publish', 'demoph01', '--type', 'PL', '--title', 'x', '--content', 'y']);
    expect(forbidden.exitCode).toBe(1);
    expect((await runOps(app, enOnly, ['announcements', 'remove', String(plId)])).exitCode).toBe(1);
    expect((await runOps(app, enOnly, ['announcements', 'list'])).stdout.join('\n')).not.toContain(`#${plId} `);
    expect((await runOps(app, CLI, ['announcements', 'publish', 'demoph01', '--type', 'B', '--title', 'x', '--content', 'y'])).exitCode).toBe(2);
    expect((await runOps(app, CLI, ['announcements', 'publish', 'nomerchant', '--type', 'PL', '--title', 'x', '--content', 'y'])).exitCode).toBe(1);

    expect((await call(app, 'POST', `/wps/announcements/${aId}/read`, { token: agent.token })).status).toBe(200);
    const removed = await runOps(app, CLI, ['announcements', 'remove', String(aId)]);
    expect(removed.exitCode, removed.stderr.join('\n')).toBe(0);
    expect((await call(app, 'POST', `/wps/announcements/${aId}/read`, { token: agent.token })).status).toBe(404);
    expect((await runOps(app, CLI, ['announcements', 'remove', String(aId)])).exitCode).toBe(1);
  });
});

describeBackends('winners page', ({ server }) => {
  const DAY = 86_400_000;
  const wins: { username: string; win: number; at: Date; period: 'today' | 'week' | 'month' | 'older' }[] = [];

  beforeAll(async () => {
    const app = server().app;
    const tz = 'Asia/Manila';
    const today = periodBounds(tz, 'today');
    const week = periodBounds(tz, 'week');
    const month = periodBounds(tz, 'month');
    const plan: { win: number; at: Date; period: 'today' | 'week' | 'month' | 'older' }[] = [
      { win: 987_654_300, at: new Date(Math.max(today.from.getTime(), Date.now() - 60_000)), period: 'today' },
      { win: 876_543_200, at: new Date(month.from.getTime() - DAY), period: 'older' },
    ];
    if (week.from < today.from) plan.push({ win: 765_432_100, at: new Date(week.from.getTime() + 60_000), period: 'week' });
    if (month.from < week.from && month.from < today.from) plan.push({ win: 654_321_000, at: new Date(month.from.getTime() + 60_000), period: 'month' });
    for (const p of plan) {
      const player = await fundedPlayer(app, 1_000_000);
      await placeBet(app, player.memberId, player.walletId, { stake: 10_000, win: p.win, at: p.at });
      const member = await app.repos.members.byId(player.memberId);
      wins.push({ ...p, username: member!.username });
    }
    // A bet that paid nothing never makes the list; one that paid back less than its stake does (a payout is a win).
    const small = await fundedPlayer(app, 1_000_000);
    await placeBet(app, small.memberId, small.walletId, { stake: 500_000, win: 0 });
    await placeBet(app, small.memberId, small.walletId, { stake: 500_000, win: 432_100 });
  });

  const listOf = async (period: string, host?: string) => {
    const res = await call<Winners>(server().app, 'GET', `/wps/game/winners?period=${period}&limitNum=100&language=EN`, { host });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  };
  const expected = (periods: string[]) => wins.filter((w) => periods.includes(w.period));

  it('lists the biggest wins of today, masked, biggest first', async () => {
    const today = await listOf('today');
    expect(today.period).toBe('today');
    for (const w of expected(['today'])) {
      const row = today.list.find((r) => r.winAmount === w.win / 100);
      expect(row?.customerName).toBe(maskName(w.username));
      expect(row?.customerName).not.toContain(w.username);
      expect(row?.gameName).toBeTruthy();
      expect(row?.vassalage).toBe('INHOUSE');
    }
    for (const w of expected(['week', 'month', 'older'])) expect(today.list.map((r) => r.winAmount)).not.toContain(w.win / 100);
    const amounts = today.list.map((r) => r.winAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(today.list.every((r) => /^.{1,2}\*\*\*/.test(r.customerName))).toBe(true);
    expect(today.list.every((r) => r.winAmount > 0)).toBe(true);
    expect(today.list.map((r) => r.winAmount)).toContain(4321);
  });

  it('widens with the week and the month, never beyond', async () => {
    const week = await listOf('week');
    for (const w of expected(['today', 'week'])) expect(week.list.map((r) => r.winAmount)).toContain(w.win / 100);
    for (const w of expected(['month', 'older'])) expect(week.list.map((r) => r.winAmount)).not.toContain(w.win / 100);
    const month = await listOf('month');
    for (const w of expected(['today', 'week', 'month'])) expect(month.list.map((r) => r.winAmount)).toContain(w.win / 100);
    for (const w of expected(['older'])) expect(month.list.map((r) => r.winAmount)).not.toContain(w.win / 100);
    expect(new Date(month.from).getTime()).toBeLessThanOrEqual(new Date(week.from).getTime() + 7 * DAY);
  });

  it("shows no other tenant's winners, and refuses a bad period", async () => {
    const en = await listOf('month', EN);
    for (const w of wins) expect(en.list.map((r) => r.winAmount)).not.toContain(w.win / 100);
    expect((await call(server().app, 'GET', '/wps/game/winners?period=year')).status).toBe(400);
    expect((await call(server().app, 'GET', '/wps/game/winners?limitNum=1000')).status).toBe(400);
    await expectLedgerClean(server().app);
  });
});
