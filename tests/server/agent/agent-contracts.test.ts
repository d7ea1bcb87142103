/**
 * Agent contracts (server/modules/agent/services/agent-contracts.ts): an agent proposes to a direct downline
 * agent, who signs; settlement pays the computed amount once (twice run, racing runs); the
 * attacker cases: a member outside the direct downline, someone else's contract, terms above
 * one's own or the tenant's maximum.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { tenantTimeZone } from '../../../src/lib/app-config';
import { shiftDate, zoneDate } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { agentContractSettlements } from '../../../server/db/schema';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { setCeiling } from '../../../server/modules/agent/services/agent-contracts';
import { call, describeBackends, expectLedgerClean, uniqueDigits } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const M = 'demoph01';

interface Made {
  id: number;
  token: string;
  walletId: number;
  username: string;
}

describeBackends('agent contracts', ({ server }) => {
  async function member(app: FastifyInstance, uplineId: number | null, type: number, merchantCode = M): Promise<Made> {
    return app.db.orm.transaction(async (tx) => {
      const m = await app.repos.members.create(tx, { merchantCode, username: `c${uniqueDigits(9)}`, type, uplineId, registerMethod: 'H5' });
      const walletId = await app.repos.ledger.openWallet(tx, merchantCode, m.id, 'PHP');
      const house = await app.repos.ledger.houseAccount(tx, merchantCode, 'PHP', m.id);
      await app.repos.ledger.post(tx, { merchantCode, kind: 'DEPOSIT', lines: [{ accountId: walletId, amount: 1_000_000 }, { accountId: house, amount: -1_000_000 }] });
      const { token } = await app.repos.sessions.create(tx, { memberId: m.id, merchantCode, ip: '127.0.0.1', firstLogin: false });
      return { id: m.id, token, walletId, username: m.username };
    });
  }

  /** A settled bet of `stake` minor units winning `win`, written as the games write them (`at`: when it was placed, default now). */
  async function bet(app: FastifyInstance, who: Made, stake: number, win: number, at?: Date): Promise<void> {
    await app.db.orm.transaction(async (tx) => {
      const house = await app.repos.ledger.houseAccount(tx, M, 'PHP', who.id);
      const net = win - stake;
      const txId = await app.repos.ledger.post(tx, {
        merchantCode: M,
        kind: 'BET',
        lines: net === 0 ? [{ accountId: who.walletId, amount: -stake }, { accountId: house, amount: stake }] : [{ accountId: who.walletId, amount: net }, { accountId: house, amount: -net }],
      });
      await app.repos.bets.record(tx, { memberId: who.id, merchantCode: M, nodeId: 1, vassalage: 'INHOUSE', gameType: 'RNG', currency: 'PHP', stake, win, outcome: {}, ledgerTransactionId: txId, ...(at ? { createdAt: at } : {}) });
    });
  }

  const balance = async (app: FastifyInstance, who: Made) => (await app.repos.ledger.walletOf(who.id))!.balance;
  const zone = (app: FastifyInstance) => tenantTimeZone(app.tenants.all.get('demo-ph')!);
  const DAY_MS = 86_400_000;
  /** The tenant day and hour (0-23) holding an instant. */
  const dayAndHour = (app: FastifyInstance, at: Date) => ({
    date: zoneDate(zone(app), at.getTime()),
    hour: Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone(app) }).format(at)),
  });
  /** A contract signed `days` ago (settlement pays only periods that end after the signature). */
  const signedDaysAgo = (app: FastifyInstance, id: number, days: number) =>
    app.db.orm.execute(sql`UPDATE agent_contracts SET signed_at = now() - make_interval(days => ${days}) WHERE id = ${id}`);

  const salary = (tiers: { turnover: number; activeMembers: number; amount: number }[]) => ({ terms: { tiers } });

  async function propose(app: FastifyInstance, by: Made, kind: string, downlineId: number, body: object) {
    return call<{ id: number; state: string }>(app, 'POST', `/wps/agent/contracts/${kind}`, { token: by.token, body: { downlineId, ...body } });
  }
  const sign = (app: FastifyInstance, by: Made, id: number) => call<{ state: string }>(app, 'POST', `/wps/agent/contracts/${id}/sign`, { token: by.token, body: {} });

  /**
   * An agent with a direct sub-agent, a player under the sub-agent and a sub-sub-agent, all opened
   * 60 days ago (older than the qualifying period); the top agent has an operator's ceiling of every kind.
   */
  async function team(app: FastifyInstance) {
    const agent = await member(app, null, 1);
    const sub = await member(app, agent.id, 1);
    const player = await member(app, sub.id, 0);
    const subsub = await member(app, sub.id, 1);
    await app.db.orm.execute(sql`UPDATE members SET reg_date = now() - interval '60 days' WHERE id IN (${agent.id}, ${sub.id}, ${player.id}, ${subsub.id})`);
    for (const [kind, max] of [['salary', 10_000], ['hourly', 1_000], ['dividend', 50]] as const) {
      await setCeiling(app, CLI, { merchantCode: M, username: agent.username, kind, max });
    }
    return { agent, sub, player, subsub };
  }

  it('propose -> the home prompt value -> sign -> settle pays the tier once, however often and however raced', async () => {
    const { app } = server();
    const { agent, sub, player } = await team(app);
    const proposed = await propose(app, agent, 'salary', sub.id, salary([
      { turnover: 100, activeMembers: 1, amount: 5 },
      { turnover: 1000, activeMembers: 1, amount: 50.5 },
    ]));
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const id = proposed.body.value!.id;

    const info = await call<{ dailysalreqtype: string; divtypecompperiodreq: string }>(app, 'GET', '/wps/member/info', { token: sub.token });
    expect(info.body.value).toMatchObject({ dailysalreqtype: String(id), divtypecompperiodreq: '' });
    const page = await call<{ pending?: { id: number } }>(app, 'GET', '/wps/agent/contracts/salary', { token: sub.token });
    expect(page.body.value!.pending!.id).toBe(id);
    const agentPage = await call<{ downlines: { memberId: number; pending?: { id: number } }[] }>(app, 'GET', '/wps/agent/contracts/salary', { token: agent.token });
    expect(agentPage.body.value!.downlines.find((d) => d.memberId === sub.id)?.pending?.id).toBe(id);

    expect((await sign(app, sub, id)).body.value!.state).toBe('signed');
    const after = await call<{ dailysalreqtype: string }>(app, 'GET', '/wps/member/info', { token: sub.token });
    expect(after.body.value!.dailysalreqtype).toBe('');

    await signedDaysAgo(app, id, 2);
    const yesterday = new Date(Date.now() - DAY_MS);
    await bet(app, player, 60_000, 0, yesterday);
    await bet(app, player, 50_000, 20_000, yesterday);
    const before = await balance(app, sub);
    const agentBefore = await balance(app, agent);
    const { date } = dayAndHour(app, yesterday);
    const runs = await Promise.all([1, 2].map(() => runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M, '--json'])));
    for (const r of runs) expect(r.exitCode, r.stdout.join('\n') + r.stderr.join('\n')).toBe(0);
    const again = await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M]);
    expect(again.exitCode).toBe(0);
    expect(again.stdout.join('\n')).toMatch(new RegExp(`contract ${id} .* already settled \\(50\\.50\\)`));

    // 1,100.00 of valid turnover by 1 active member: the second tier, 50.50, paid once; the upline pays nothing.
    expect(await balance(app, sub)).toBe(before + 5_050);
    expect(await balance(app, agent)).toBe(agentBefore);
    const settled = await app.db.orm.select().from(agentContractSettlements).where(eq(agentContractSettlements.contractId, id));
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ period: date, amount: 5_050, turnover: 110_000, activeMembers: 1 });
    const docs = runs.map((r) => JSON.parse(r.stdout[0]) as { paid: number });
    expect(docs.reduce((n, d) => n + d.paid, 0)).toBe(1);
    const [entry] = await rows<{ kind: string }>(app.db.orm, sql`SELECT kind FROM ledger_transactions WHERE id = ${settled[0].transactionId}`);
    expect(entry.kind).toBe('CONTRACT');

    // The member's account record names the payment a contract payment, under its own filter, not an adjustment.
    type Records = { list: { transactionId: number; type: string; amount: number; reference?: string }[] };
    const records = (type?: string) =>
      call<Records>(app, 'GET', `/wps/records/transactions?range=7d${type ? `&type=${type}` : ''}`, { token: sub.token }).then((r) => r.body.value!.list);
    const paid = (await records()).find((e) => e.transactionId === settled[0].transactionId);
    expect(paid).toMatchObject({ type: 'contract', amount: 50.5, reference: `C${id}` });
    expect((await records('contract')).map((e) => e.transactionId)).toEqual([settled[0].transactionId]);
    expect((await records('adjustment')).some((e) => e.transactionId === settled[0].transactionId)).toBe(false);
    // The profit and loss still counts it in its result.
    const pnl = await call<{ adjustment: number }>(app, 'GET', '/wps/records/pnl?range=7d', { token: sub.token });
    expect(pnl.body.value!.adjustment).toBe(50.5);
    await expectLedgerClean(app);
  });

  it('only a direct downline agent can be proposed to', async () => {
    const { app } = server();
    const { agent, player, subsub } = await team(app);
    const other = await member(app, null, 1);
    const stranger = await member(app, other.id, 1);
    const directPlayer = await member(app, agent.id, 0);
    const terms = salary([{ turnover: 100, activeMembers: 1, amount: 5 }]);
    for (const target of [subsub.id, stranger.id, player.id, directPlayer.id, agent.id, 999_999_999]) {
      const r = await propose(app, agent, 'salary', target, terms);
      expect(r.status).toBe(404);
      expect(r.body.errorCode).toBe('contract.downline.invalid');
    }
    const enAgent = await member(app, null, 1, 'demoen01');
    const r = await propose(app, agent, 'salary', (await member(app, enAgent.id, 1, 'demoen01')).id, terms);
    expect(r.body.errorCode).toBe('contract.downline.invalid');
    // A player cannot propose at all.
    const p = await propose(app, directPlayer, 'salary', agent.id, terms);
    expect(p.body.errorCode).toBe('agent.required');
  });

  it("the downline cannot sign someone else's contract, nor the upline its own; a decided contract stays decided", async () => {
    const { app } = server();
    const { agent, sub } = await team(app);
    const sub2 = await member(app, agent.id, 1);
    const { body } = await propose(app, agent, 'hourly', sub2.id, { terms: { tiers: [{ turnover: 10, amount: 1 }] } });
    const id = body.value!.id;
    for (const who of [sub, agent]) {
      const r = await sign(app, who, id);
      expect(r.status).toBe(404);
      expect(r.body.errorCode).toBe('contract.not.found');
    }
    const rejected = await call<{ state: string }>(app, 'POST', `/wps/agent/contracts/${id}/reject`, { token: sub2.token, body: {} });
    expect(rejected.body.value!.state).toBe('rejected');
    const late = await sign(app, sub2, id);
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('contract.state.invalid');
  });

  it('a new proposal replaces the pending one; a new signature supersedes the signed one', async () => {
    const { app } = server();
    const { agent, sub } = await team(app);
    const terms = (amount: number) => salary([{ turnover: 100, activeMembers: 1, amount }]);
    const first = (await propose(app, agent, 'salary', sub.id, terms(5))).body.value!.id;
    await sign(app, sub, first);
    const second = (await propose(app, agent, 'salary', sub.id, terms(6))).body.value!.id;
    const third = (await propose(app, agent, 'salary', sub.id, terms(7))).body.value!.id;
    expect((await sign(app, sub, second)).body.errorCode).toBe('contract.state.invalid');
    await sign(app, sub, third);
    const states = await rows<{ id: string | number; state: string }>(app.db.orm, sql`SELECT id, state FROM agent_contracts WHERE downline_id = ${sub.id} ORDER BY id`);
    expect(states.map((s) => s.state)).toEqual(['superseded', 'cancelled', 'signed']);
  });

  it('terms: ascending tiers, never above one’s own contract nor the tenant maximum', async () => {
    const { app } = server();
    const { agent, sub, subsub } = await team(app);
    const notAscending = await propose(app, agent, 'salary', sub.id, salary([
      { turnover: 1000, activeMembers: 1, amount: 5 },
      { turnover: 100, activeMembers: 1, amount: 6 },
    ]));
    expect(notAscending.status).toBe(400);
    expect(notAscending.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/terms/tiers/1/turnover', messageKey: 'contract_tier_not_ascending' } });
    const aboveMax = await propose(app, agent, 'salary', sub.id, salary([{ turnover: 100, activeMembers: 1, amount: 10_000.01 }]));
    expect(aboveMax.body).toMatchObject({ errorCode: 'contract.terms.exceeded', value: { field: '/terms/tiers/0/amount', messageKey: 'contract_tier_above_max' } });
    const forged = await propose(app, agent, 'salary', sub.id, { terms: { tiers: [{ turnover: -1, activeMembers: 1, amount: 5 }] } });
    expect(forged.status).toBe(400);
    expect(forged.body.errorCode).toBe('validation.failed');

    const own = (await propose(app, agent, 'salary', sub.id, salary([{ turnover: 1000, activeMembers: 2, amount: 50 }]))).body.value!.id;
    await sign(app, sub, own);
    // The sub-agent would get 50 at 1,000 / 2 members: it cannot give 60 there, nor anything at 500.
    for (const [tier, field] of [
      [{ turnover: 1000, activeMembers: 2, amount: 60 }, '/terms/tiers/0/amount'],
      [{ turnover: 500, activeMembers: 2, amount: 1 }, '/terms/tiers/0/amount'],
    ] as const) {
      const r = await propose(app, sub, 'salary', subsub.id, salary([tier]));
      expect(r.body).toMatchObject({ errorCode: 'contract.terms.exceeded', value: { field, messageKey: 'contract_tier_above_own' } });
    }
    const ok = await propose(app, sub, 'salary', subsub.id, salary([{ turnover: 2000, activeMembers: 3, amount: 50 }]));
    expect(ok.status).toBe(200);
  });

  it('dividend: a share of the period’s net loss; hourly: the hour’s turnover', async () => {
    const { app } = server();
    const { agent, sub, player } = await team(app);
    const d = await propose(app, agent, 'dividend', sub.id, { terms: { period: 'half-month', tiers: [{ netLoss: 0.01, percent: 10 }, { netLoss: 500, percent: 12.5 }] } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    await sign(app, sub, d.body.value!.id);
    const h = await propose(app, agent, 'hourly', sub.id, { terms: { tiers: [{ turnover: 100, amount: 2 }] } });
    await sign(app, sub, h.body.value!.id);
    await signedDaysAgo(app, d.body.value!.id, 60);
    await signedDaysAgo(app, h.body.value!.id, 60);
    // This period's bet makes the page's estimate; one 40 days ago (a half-month that is over) is settled.
    await bet(app, player, 80_000, 10_001);
    const past = new Date(Date.now() - 40 * DAY_MS);
    await bet(app, player, 80_000, 10_001, past);
    const before = await balance(app, sub);
    const page = await call<{ estimate: { netLoss: number; percent: number; amount: number } }>(app, 'GET', '/wps/agent/dividend', { token: sub.token });
    expect(page.body.value!.estimate).toMatchObject({ netLoss: 699.99, percent: 12.5, amount: 87.5 });
    const r = await runOps(app, CLI, ['settle', 'dividend', '--date', dayAndHour(app, past).date, '--merchant', M]);
    expect(r.exitCode, r.stderr.join('\n')).toBe(0);
    // 69,999 x 12.5% = 8,749.875 -> 8,750 minor units (percentOf of src/domain/money: half up).
    expect(await balance(app, sub)).toBe(before + 8_750);
    const { date, hour } = dayAndHour(app, past);
    const hr = await runOps(app, CLI, ['settle', 'hourly', '--date', date, '--hour', String(hour), '--merchant', M]);
    expect(hr.exitCode, hr.stderr.join('\n')).toBe(0);
    const paidHour = await app.db.orm
      .select()
      .from(agentContractSettlements)
      .where(and(eq(agentContractSettlements.downlineId, sub.id), eq(agentContractSettlements.kind, 'hourly')));
    expect(paidHour).toHaveLength(1);
    // 800.00 of turnover in that hour reaches the 100.00 tier: 2.00.
    expect(paidHour[0]).toMatchObject({ period: `${date}T${String(hour).padStart(2, '0')}`, amount: 200 });
    expect(await balance(app, sub)).toBe(before + 8_750 + 200);
    await expectLedgerClean(app);
  });

  it('a period that has not ended (today, this hour, this half-month) is refused and never paid, however often and however raced', async () => {
    const { app } = server();
    const { agent, sub, player } = await team(app);
    const ids: number[] = [];
    for (const [kind, terms] of [
      ['salary', salary([{ turnover: 1, activeMembers: 1, amount: 5 }])],
      ['hourly', { terms: { tiers: [{ turnover: 1, amount: 2 }] } }],
      ['dividend', { terms: { period: 'half-month', tiers: [{ netLoss: 0.01, percent: 10 }] } }],
    ] as const) {
      const id = (await propose(app, agent, kind, sub.id, terms)).body.value!.id;
      await sign(app, sub, id);
      await signedDaysAgo(app, id, 60);
      ids.push(id);
    }
    await bet(app, player, 80_000, 0);
    const before = await balance(app, sub);
    const now = dayAndHour(app, new Date());
    const tomorrow = shiftDate(now.date, 1);
    const tz = zone(app);
    const hh = String(now.hour).padStart(2, '0');

    // The current day, twice at once: both refused with the period and its end on the tenant's clock.
    const raced = await Promise.all([1, 2].map(() => runOps(app, CLI, ['settle', 'salary', '--date', now.date, '--merchant', M])));
    for (const r of raced) {
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toEqual([`refused: demo-ph: the salary period ${now.date} has not ended yet; it ends ${tomorrow} 00:00 (${tz}), settle it after that (contract.period.open)`]);
    }
    const asJson = await runOps(app, CLI, ['settle', 'salary', '--date', now.date, '--merchant', M, '--json']);
    expect(JSON.parse(asJson.stdout[0])).toMatchObject({ error: { code: 'contract.period.open' } });
    // The current hour (an hour that ends in the next day when it is 23), a day still to come, this half-month.
    const hourEnd = now.hour === 23 ? `${tomorrow} 00:00` : `${now.date} ${String(now.hour + 1).padStart(2, '0')}:00`;
    const currentHour = await runOps(app, CLI, ['settle', 'hourly', '--date', now.date, '--hour', String(now.hour), '--merchant', M]);
    expect(currentHour.exitCode).toBe(1);
    expect(currentHour.stderr.join('\n')).toContain(`the hourly period ${now.date}T${hh} has not ended yet; it ends ${hourEnd} (${tz})`);
    const comingDay = await runOps(app, CLI, ['settle', 'hourly', '--date', tomorrow, '--merchant', M]);
    expect(comingDay.exitCode).toBe(1);
    expect(comingDay.stderr.join('\n')).toContain(`the hourly period ${tomorrow}T00 has not ended yet`);
    const halfMonth = await runOps(app, CLI, ['settle', 'dividend', '--date', now.date, '--merchant', M]);
    expect(halfMonth.exitCode).toBe(1);
    expect(halfMonth.stderr.join('\n')).toMatch(/the dividend period \d{4}-\d{2}-H[12] has not ended yet; it ends \d{4}-\d{2}-\d{2} 00:00 \(Asia\/Manila\)/);
    // Every tenant at once: refused as well.
    const everywhere = await runOps(app, CLI, ['settle', 'salary', '--date', now.date]);
    expect(everywhere.exitCode).toBe(1);

    // Nothing was paid nor recorded, so the period can still be settled in full once it is over.
    expect(await balance(app, sub)).toBe(before);
    const recorded = await app.db.orm.select().from(agentContractSettlements).where(inArray(agentContractSettlements.contractId, ids));
    expect(recorded).toEqual([]);
    await expectLedgerClean(app);
  });

  it('dividend contracts follow settings.dividend: off on demo-en', async () => {
    const { app } = server();
    const enAgent = await member(app, null, 1, 'demoen01');
    const r = await call(app, 'GET', '/wps/agent/contracts/dividend', { token: enAgent.token, host: 'demo-en.localhost' });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('contract.disabled');
  });
});
