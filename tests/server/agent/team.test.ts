/**
 * The agent's team screens (schemas/api/team.json): overview, members, profit and loss, betting,
 * against a team built here (a sub-agent, players at depth 1 and 2, deposits, a paid withdrawal,
 * bets) with the expected figures summed straight from the bets and ledger entries. Another
 * agent's members and another merchant's never count; drilling into, or filtering by, a member
 * outside the team is refused the same way as an unknown one; a player is not an agent; a bad
 * range is a 400 naming its field.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import { zoneDate } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import type { BetPage, Figures, MemberPage, PnlPage, TeamBet } from '../../../src/generated/api/team';
import { call, describeBackends, expectLedgerClean, fundedPlayer } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const ZONE = 'Asia/Manila';
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const units = (minor: unknown) => n(minor) / 100 || 0;

const username = async (app: FastifyInstance, memberId: number) => (await app.repos.members.byId(memberId))!.username;

/** A paid withdrawal of `amount` minor units: wallet -> hold, then hold -> house, as the withdrawal flow posts it. */
async function paidWithdrawal(app: FastifyInstance, memberId: number, merchantCode: string, amount: number) {
  await app.db.orm.transaction(async (tx) => {
    const wallet = (await app.repos.ledger.walletOf(memberId, tx))!.id;
    const hold = await app.repos.ledger.holdAccount(tx, merchantCode, memberId, 'PHP');
    const house = await app.repos.ledger.houseAccount(tx, merchantCode, 'PHP', memberId);
    await app.repos.ledger.post(tx, { merchantCode, kind: 'WITHDRAWAL_HOLD', lines: [{ accountId: wallet, amount: -amount }, { accountId: hold, amount }] });
    await app.repos.ledger.post(tx, { merchantCode, kind: 'WITHDRAWAL_PAID', lines: [{ accountId: hold, amount: -amount }, { accountId: house, amount }] });
  });
}

async function seedBets(app: FastifyInstance, user: string, bets: number, tenant = 'demo-ph') {
  const r = await runOps(app, CLI, ['records', 'seed', '--tenant', tenant, '--member', user, '--bets', String(bets), '--ago', '0', '--json']);
  expect(r.exitCode, r.stdout.join('\n') + r.stderr.join('\n')).toBe(0);
}

/** The figures of `ids` today, straight from the rows (not the aggregates), in the tenant's days. */
async function expected(app: FastifyInstance, ids: number[]): Promise<Omit<Figures, 'members' | 'newMembers'>> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const today = sql`(x.created_at AT TIME ZONE ${ZONE})::date = ${zoneDate(ZONE)}::date`;
  const [b] = await rows<Record<string, string>>(
    app.db.orm,
    sql`SELECT count(*)::text AS n, sum(stake)::text AS stake, coalesce(sum(stake) FILTER (WHERE win <> stake), 0)::text AS valid, sum(win)::text AS win,
          count(DISTINCT member_id)::text AS active
        FROM bets x WHERE member_id IN (${list}) AND ${today}`,
  );
  const [m] = await rows<Record<string, string>>(
    app.db.orm,
    sql`SELECT coalesce(sum(x.amount) FILTER (WHERE t.kind = 'DEPOSIT'), 0)::text AS deposit, coalesce(-sum(x.amount) FILTER (WHERE t.kind = 'WITHDRAWAL_PAID'), 0)::text AS withdrawal
        FROM ledger_entries x JOIN ledger_accounts a ON a.id = x.account_id JOIN ledger_transactions t ON t.id = x.transaction_id
        WHERE a.member_id IN (${list}) AND ${today}`,
  );
  return {
    activeMembers: n(b.active),
    deposit: units(m.deposit),
    withdrawal: units(m.withdrawal),
    betCount: n(b.n),
    stake: units(b.stake),
    validTurnover: units(b.valid),
    win: units(b.win),
    net: units(n(b.win) - n(b.stake)),
  };
}

// Building the server (migrations on a fresh database) can take over a minute on a loaded machine.
vi.setConfig({ hookTimeout: 180_000 });

describeBackends('team screens', ({ server }) => {
  /**
   * agent ─┬─ sub (agent) ── deep (player)
   *        ├─ direct (player)
   *        └─ stray (another merchant's member that names the agent as upline: never counted)
   * other agent ── outsider (player)
   */
  async function team(app: FastifyInstance) {
    const agent = await fundedPlayer(app, 0, 1);
    const sub = await fundedPlayer(app, 10_000, 1);
    const direct = await fundedPlayer(app, 500_000);
    const deep = await fundedPlayer(app, 300_000);
    const other = await fundedPlayer(app, 0, 1);
    const outsider = await fundedPlayer(app, 400_000);
    const link = (child: number, parent: number) => app.db.orm.execute(sql`UPDATE members SET upline_id = ${parent} WHERE id = ${child}`);
    await link(sub.memberId, agent.memberId);
    await link(direct.memberId, agent.memberId);
    await link(deep.memberId, sub.memberId);
    await link(outsider.memberId, other.memberId);
    // Another merchant's member under the agent (bad data): its money never shows in demoph01's team.
    const stray = await app.db.orm.transaction(async (tx) => {
      const m = await app.repos.members.create(tx, { merchantCode: 'demoen01', username: `x${direct.memberId}`, type: 0, uplineId: agent.memberId, registerMethod: 'H5' });
      const wallet = await app.repos.ledger.openWallet(tx, 'demoen01', m.id, 'PHP');
      const house = await app.repos.ledger.houseAccount(tx, 'demoen01', 'PHP', m.id);
      await app.repos.ledger.post(tx, { merchantCode: 'demoen01', kind: 'DEPOSIT', lines: [{ accountId: wallet, amount: 777_700 }, { accountId: house, amount: -777_700 }] });
      return m;
    });
    await paidWithdrawal(app, direct.memberId, 'demoph01', 12_300);
    await paidWithdrawal(app, outsider.memberId, 'demoph01', 5_000);
    const names = {
      agent: await username(app, agent.memberId),
      sub: await username(app, sub.memberId),
      direct: await username(app, direct.memberId),
      deep: await username(app, deep.memberId),
      other: await username(app, other.memberId),
      outsider: await username(app, outsider.memberId),
      stray: stray.username,
    };
    await seedBets(app, names.direct, 40);
    await seedBets(app, names.deep, 25);
    await seedBets(app, names.outsider, 30);
    return { agent, sub, direct, deep, other, outsider, stray, names };
  }

  it('sums the direct downline and the whole team from the rows; another agent and another merchant never count', async () => {
    const { app } = server();
    const t = await team(app);
    const res = await call<{ direct: Figures; team: Figures; range: { start: string; end: string } }>(app, 'GET', '/wps/agent/team/overview?range=today', { token: t.agent.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { direct, team: whole } = res.body.value!;
    expect(direct).toEqual({ members: 2, newMembers: 2, ...(await expected(app, [t.sub.memberId, t.direct.memberId])) });
    expect(whole).toEqual({ members: 3, newMembers: 3, ...(await expected(app, [t.sub.memberId, t.direct.memberId, t.deep.memberId])) });
    // The known amounts are in: the deposits made here and the withdrawal paid.
    expect(direct.withdrawal).toBe(123);
    expect(whole.deposit).toBeGreaterThanOrEqual(100 + 5000 + 3000);
    expect(whole.activeMembers).toBe(2);
    expect(whole.betCount).toBe(65);
    expect(whole.net).toBeCloseTo(whole.win - whole.stake, 2);
    // The sub-agent sees only its own player.
    const sub = await call<{ direct: Figures; team: Figures }>(app, 'GET', '/wps/agent/team/overview', { token: t.sub.token });
    expect(sub.body.value!.team).toEqual({ members: 1, newMembers: 1, ...(await expected(app, [t.deep.memberId])) });
    // Yesterday: nobody new, nothing bet.
    const yesterday = await call<{ team: Figures }>(app, 'GET', '/wps/agent/team/overview?range=yesterday', { token: t.agent.token });
    expect(yesterday.body.value!.team).toMatchObject({ members: 3, newMembers: 0, activeMembers: 0, betCount: 0, stake: 0, deposit: 0 });
    await expectLedgerClean(app);
  });

  it('lists the direct downline, drills into a sub-agent, searches the team; balances only when the tenant shows them', async () => {
    const { app } = server();
    const t = await team(app);
    const mine = await call<MemberPage>(app, 'GET', '/wps/agent/team/members', { token: t.agent.token });
    expect(mine.status).toBe(200);
    expect(mine.body.value).toMatchObject({ total: 2, path: [], showBalance: false });
    expect(mine.body.value!.list.map((m) => [m.username, m.level, m.agent, m.teamSize])).toEqual([
      [t.names.direct, 1, false, 0],
      [t.names.sub, 1, true, 1],
    ]);
    expect(mine.body.value!.list.every((m) => m.balance === undefined)).toBe(true);
    // Paged one by one: the same two, no repeat.
    const first = await call<MemberPage>(app, 'GET', '/wps/agent/team/members?pageSize=1', { token: t.agent.token });
    const second = await call<MemberPage>(app, 'GET', `/wps/agent/team/members?pageSize=1&cursor=${first.body.value!.nextCursor}`, { token: t.agent.token });
    expect([...first.body.value!.list, ...second.body.value!.list].map((m) => m.username)).toEqual([t.names.direct, t.names.sub]);
    expect(second.body.value!.nextCursor).toBeUndefined();

    const drilled = await call<MemberPage>(app, 'GET', `/wps/agent/team/members?parent=${t.names.sub}`, { token: t.agent.token });
    expect(drilled.body.value).toMatchObject({ total: 1, path: [t.names.sub], parent: { username: t.names.sub, level: 1, agent: true } });
    expect(drilled.body.value!.list.map((m) => [m.username, m.level])).toEqual([[t.names.deep, 2]]);
    const found = await call<MemberPage>(app, 'GET', `/wps/agent/team/members?search=${t.names.deep.slice(1)}`, { token: t.agent.token });
    expect(found.body.value!.list.map((m) => [m.username, m.level])).toEqual([[t.names.deep, 2]]);
    // LIKE's wildcards are literal.
    expect((await call<MemberPage>(app, 'GET', '/wps/agent/team/members?search=%25', { token: t.agent.token })).body.value!.total).toBe(0);

    const tenant = app.tenants.all.get('demo-ph')!;
    const saved = tenant.settings.agent;
    tenant.settings.agent = { showMemberBalance: true };
    try {
      const shown = await call<MemberPage>(app, 'GET', '/wps/agent/team/members', { token: t.agent.token });
      expect(shown.body.value!.showBalance).toBe(true);
      const wallet = await app.repos.ledger.walletOf(t.direct.memberId);
      expect(shown.body.value!.list.find((m) => m.username === t.names.direct)!.balance).toBe(units(wallet!.balance));
    } finally {
      tenant.settings.agent = saved;
    }
  });

  it('refuses a member outside the team as it refuses an unknown one, and a player asking', async () => {
    const { app } = server();
    const t = await team(app);
    for (const name of [t.names.outsider, t.names.other, t.names.stray, t.names.agent, 'nobody_here']) {
      for (const url of [`/wps/agent/team/members?parent=${name}`, `/wps/agent/team/bets?member=${name}`]) {
        const res = await call(app, 'GET', url, { token: t.agent.token });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body).toMatchObject({ success: false, errorCode: 'not.found' });
      }
    }
    // The sub-agent cannot reach its upline's other member.
    expect((await call(app, 'GET', `/wps/agent/team/members?parent=${t.names.direct}`, { token: t.sub.token })).status).toBe(404);
    for (const url of ['/wps/agent/team/overview', '/wps/agent/team/members', '/wps/agent/team/pnl', '/wps/agent/team/bets']) {
      const res = await call(app, 'GET', url, { token: t.direct.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 'agent.required' });
      expect((await call(app, 'GET', url)).status).toBe(401);
    }
    const trial = await fundedPlayer(app, 0, 4);
    expect((await call(app, 'GET', '/wps/agent/team/overview', { token: trial.token })).status).toBe(403);
  });

  it('answers a bad range 400 with its field, a forged cursor 400 on /cursor', async () => {
    const { app } = server();
    const t = await team(app);
    const old = await call<{ field: string }>(app, 'GET', '/wps/agent/team/overview?range=custom&start=2020-01-01&end=2020-01-02', { token: t.agent.token });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ errorCode: 'date.range.old', value: { field: '/start' } });
    const order = await call(app, 'GET', `/wps/agent/team/pnl?range=custom&start=${zoneDate(ZONE)}&end=2020-01-01`, { token: t.agent.token });
    expect(order.body).toMatchObject({ errorCode: 'date.range.order', value: { field: '/end' } });
    const missing = await call(app, 'GET', '/wps/agent/team/bets?range=custom&start=2026-01-01', { token: t.agent.token });
    expect(missing.body).toMatchObject({ errorCode: 'date.invalid', value: { field: '/end' } });
    const bad = await call(app, 'GET', '/wps/agent/team/bets?cursor=zzz', { token: t.agent.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/cursor' } });
    const forged = await call(app, 'GET', '/wps/agent/team/members?parent=a%27%20OR%201=1', { token: t.agent.token });
    expect(forged.status).toBe(400);
  });

  it("lists the team's bets newest first with totals, by member and category; profit and loss by member and category", async () => {
    const { app } = server();
    const t = await team(app);
    const all: TeamBet[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await call<BetPage>(app, 'GET', `/wps/agent/team/bets?pageSize=10${cursor ? `&cursor=${cursor}` : ''}`, { token: t.agent.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      all.push(...res.body.value!.list);
      cursor = res.body.value!.nextCursor;
      if (!cursor) break;
    }
    const raw = await rows<{ id: string }>(
      app.db.orm,
      sql`SELECT id::text FROM bets WHERE member_id IN (${t.direct.memberId}, ${t.deep.memberId}) ORDER BY created_at DESC, id DESC`,
    );
    expect(all.map((b) => String(b.id))).toEqual(raw.map((r) => r.id));
    expect(new Set(all.map((b) => b.member))).toEqual(new Set([t.names.direct, t.names.deep]));
    expect(all.find((b) => b.member === t.names.deep)!.level).toBe(2);
    const whole = await expected(app, [t.direct.memberId, t.deep.memberId]);
    const first = await call<BetPage>(app, 'GET', '/wps/agent/team/bets', { token: t.agent.token });
    expect(first.body.value!.totals).toEqual({ count: whole.betCount, stake: whole.stake, validTurnover: whole.validTurnover, win: whole.win, net: whole.net });

    const one = await call<BetPage>(app, 'GET', `/wps/agent/team/bets?member=${t.names.deep}&pageSize=100`, { token: t.agent.token });
    expect(one.body.value!.list).toHaveLength(25);
    expect(one.body.value!.list.every((b) => b.member === t.names.deep)).toBe(true);
    expect(one.body.value!.totals.count).toBe(25);
    const inhouse = await call<BetPage>(app, 'GET', '/wps/agent/team/bets?category=INHOUSE&pageSize=100', { token: t.agent.token });
    expect(inhouse.body.value!.list.every((b) => b.category === 'INHOUSE')).toBe(true);
    expect(inhouse.body.value!.totals.count).toBe(inhouse.body.value!.list.length);

    const byMember = await call<PnlPage>(app, 'GET', '/wps/agent/team/pnl?pageSize=1', { token: t.agent.token });
    expect(byMember.status, JSON.stringify(byMember.body)).toBe(200);
    const next = await call<PnlPage>(app, 'GET', `/wps/agent/team/pnl?pageSize=1&cursor=${byMember.body.value!.nextCursor}`, { token: t.agent.token });
    const rowsByMember = [...byMember.body.value!.list, ...next.body.value!.list];
    expect(next.body.value!.nextCursor).toBeUndefined();
    expect(new Set(rowsByMember.map((r) => r.key))).toEqual(new Set([t.names.direct, t.names.deep]));
    expect(rowsByMember[0].stake).toBeGreaterThanOrEqual(rowsByMember[1].stake);
    const deepRow = rowsByMember.find((r) => r.key === t.names.deep)!;
    const deepExpected = await expected(app, [t.deep.memberId]);
    expect(deepRow).toEqual({ key: t.names.deep, level: 2, betCount: 25, stake: deepExpected.stake, validTurnover: deepExpected.validTurnover, win: deepExpected.win, net: deepExpected.net });
    expect(byMember.body.value!.totals).toEqual({ betCount: 65, stake: whole.stake, validTurnover: whole.validTurnover, win: whole.win, net: whole.net, activeMembers: 2 });
    const byCategory = await call<PnlPage>(app, 'GET', '/wps/agent/team/pnl?by=category', { token: t.agent.token });
    expect(byCategory.body.value!.list.reduce((s, r) => s + r.betCount, 0)).toBe(65);
    expect(byCategory.body.value!.list.map((r) => r.key)).toContain('INHOUSE');
  });
});
