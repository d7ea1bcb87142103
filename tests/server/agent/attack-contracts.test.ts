/**
 * "An agent pays itself salaries for nothing", replayed as the abuser would: puppet sub-agents whose
 * contracts ask for nothing, the holder's own bets, accounts opened just to bet, a top-level agent
 * proposing with only the tenant's maximum above it, contracts chained down the tree, 21 accounts
 * opened in a day (and racing), a contract payment withdrawn without wagering it. Each one is
 * refused with its reason, again when replayed, and the ledger stays clean.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { tenantTimeZone } from '../../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { agentContractSettlements, auditLog } from '../../../server/db/schema';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { setCeiling } from '../../../server/modules/agent/services/agent-contracts';
import { turnoverStatus } from '../../../server/money/turnover';
import { call, describeBackends, expectLedgerClean, nextIp, PH, uniqueDigits } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const M = 'demoph01';
const DAY_MS = 86_400_000;
const PASSWORD = 'Secret123';

interface Made {
  id: number;
  token: string;
  walletId: number;
  username: string;
}

describeBackends('attack: agent contracts pay only for real activity', ({ server }) => {
  /** A member of demoph01 with 10,000.00 and a session, opened `daysAgo` days ago. */
  async function member(app: FastifyInstance, uplineId: number | null, type: number, daysAgo: number): Promise<Made> {
    const made = await app.db.orm.transaction(async (tx) => {
      const m = await app.repos.members.create(tx, { merchantCode: M, username: `x${uniqueDigits(9)}`, type, uplineId, registerMethod: 'H5' });
      const walletId = await app.repos.ledger.openWallet(tx, M, m.id, 'PHP');
      const house = await app.repos.ledger.houseAccount(tx, M, 'PHP', m.id);
      await app.repos.ledger.post(tx, { merchantCode: M, kind: 'DEPOSIT', lines: [{ accountId: walletId, amount: 1_000_000 }, { accountId: house, amount: -1_000_000 }] });
      const { token } = await app.repos.sessions.create(tx, { memberId: m.id, merchantCode: M, ip: '127.0.0.1', firstLogin: false });
      return { id: m.id, token, walletId, username: m.username };
    });
    await app.db.orm.execute(sql`UPDATE members SET reg_date = now() - make_interval(days => ${daysAgo}) WHERE id = ${made.id}`);
    return made;
  }

  /** A settled bet of `stake` minor units winning `win`, placed at `at`. */
  async function bet(app: FastifyInstance, who: Made, stake: number, win: number, at: Date): Promise<void> {
    await app.db.orm.transaction(async (tx) => {
      const house = await app.repos.ledger.houseAccount(tx, M, 'PHP', who.id);
      const net = win - stake;
      const txId = await app.repos.ledger.post(tx, { merchantCode: M, kind: 'BET', lines: [{ accountId: who.walletId, amount: net }, { accountId: house, amount: -net }] });
      await app.repos.bets.record(tx, { memberId: who.id, merchantCode: M, nodeId: 1, vassalage: 'INHOUSE', gameType: 'RNG', currency: 'PHP', stake, win, outcome: {}, ledgerTransactionId: txId, createdAt: at });
    });
  }

  /**
   * A signed contract as one signed before every tier had to ask for activity (the API refuses
   * such terms now, so the row is written as the old code wrote it), signed 60 days ago.
   */
  async function legacyContract(app: FastifyInstance, upline: Made, downline: Made, kind: string, terms: object): Promise<number> {
    const [row] = await rows<{ id: number | string }>(
      app.db.orm,
      sql`INSERT INTO agent_contracts (merchant_code, kind, upline_id, downline_id, terms, state, signed_at)
          VALUES (${M}, ${kind}, ${upline.id}, ${downline.id}, ${JSON.stringify(terms)}::jsonb, 'signed', now() - interval '60 days') RETURNING id`,
    );
    return Number(row.id);
  }

  const balance = async (app: FastifyInstance, who: Made) => (await app.repos.ledger.walletOf(who.id))!.balance;
  const zone = (app: FastifyInstance) => tenantTimeZone(app.tenants.all.get('demo-ph')!);
  /** Noon of a tenant day. */
  const noonOf = (app: FastifyInstance, date: string) => new Date(zoneMidnight(zone(app), date) + 12 * 3_600_000);
  const yesterday = (app: FastifyInstance) => shiftDate(zoneDate(zone(app)), -1);
  const propose = (app: FastifyInstance, by: Made, kind: string, downlineId: number, terms: object) =>
    call<{ id: number }>(app, 'POST', `/wps/agent/contracts/${kind}`, { token: by.token, body: { downlineId, terms } });
  const sign = (app: FastifyInstance, by: Made, id: number) => call<{ state: string }>(app, 'POST', `/wps/agent/contracts/${id}/sign`, { token: by.token, body: {} });
  const settlement = async (app: FastifyInstance, contractId: number) =>
    app.db.orm.select().from(agentContractSettlements).where(eq(agentContractSettlements.contractId, contractId));

  it('puppet sub-agents with no qualifying activity get nothing on settle (salary, hourly, dividend), replayed too; settle prints them and /ops lists them', async () => {
    const { app } = server();
    const boss = await member(app, null, 1, 60);
    // Puppets the boss opened two days ago, each with a player of its own opened as fresh, who bets and loses.
    const puppets = [await member(app, boss.id, 1, 2), await member(app, boss.id, 1, 2), await member(app, boss.id, 1, 2)];
    const date = yesterday(app);
    const at = noonOf(app, date);
    // A dividend half-month that is surely over: 40 days ago.
    const past = zoneDate(zone(app), Date.now() - 40 * DAY_MS);
    for (const p of puppets) {
      const player = await member(app, p.id, 0, 2);
      for (const when of [at, noonOf(app, past)]) {
        await bet(app, player, 50_000, 0, when);
        // The puppet's own bets never count either.
        await bet(app, p, 50_000, 0, when);
      }
    }
    const salary = await legacyContract(app, boss, puppets[0], 'salary', { tiers: [{ turnover: 0, activeMembers: 0, amount: 100_000 }] });
    const hourly = await legacyContract(app, boss, puppets[1], 'hourly', { tiers: [{ turnover: 0, amount: 100_000 }] });
    const dividend = await legacyContract(app, boss, puppets[2], 'dividend', { period: 'half-month', tiers: [{ netLoss: 0, shareBp: 5_000 }] });
    const before = await Promise.all(puppets.map((p) => balance(app, p)));

    const s = await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M]);
    expect(s.exitCode, s.stderr.join('\n')).toBe(0);
    const out = s.stdout.join('\n');
    expect(out).toContain(`WARNING demo-ph salary contract ${salary} `);
    expect(out).toMatch(new RegExp(`contract ${salary} .* ${date}: REFUSED: would pay 1,000\\.00 but the team's qualifying figures show zero turnover and zero active members`));
    expect(out).toContain('0 contract(s) paid 0.00, 1 refused for no activity');
    const [row] = await settlement(app, salary);
    expect(row).toMatchObject({ amount: 0, transactionId: null, turnover: 0, activeMembers: 0, refusedReason: "the team's qualifying figures show zero turnover and zero active members" });
    // Replayed: the same refusal, nothing paid.
    const again = await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M]);
    expect(again.stdout.join('\n')).toMatch(new RegExp(`contract ${salary} .*already settled \\(refused: the team's qualifying figures show zero turnover`));

    const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone(app) }).format(at));
    const h = await runOps(app, CLI, ['settle', 'hourly', '--date', date, '--hour', String(hour), '--merchant', M, '--json']);
    expect(h.exitCode, h.stdout.join('\n')).toBe(0);
    const hourDoc = JSON.parse(h.stdout[0]) as { contracts: { contractId: number; outcome: string }[]; idle: { contractId: number }[] };
    expect(hourDoc.contracts.find((c) => c.contractId === hourly)?.outcome).toBe('refused');
    expect(hourDoc.idle.map((c) => c.contractId)).toContain(hourly);

    // The dividend's half-month: only a fresh player and the puppet itself lost, so nothing qualifies (the old code paid 50% of 1,000.00).
    const d = await runOps(app, CLI, ['settle', 'dividend', '--date', past, '--merchant', M, '--json']);
    expect(d.exitCode, d.stdout.join('\n')).toBe(0);
    const [divRow] = await settlement(app, dividend);
    expect(divRow).toMatchObject({ amount: 0, transactionId: null, netLoss: 0, activeMembers: 0 });

    expect(await Promise.all(puppets.map((p) => balance(app, p)))).toEqual(before);

    // /ops lists the contracts that would pay on no activity.
    const op = await operatorToken(app);
    const idle = await call<{ list: { contractId: number; field: string }[] }>(app, 'GET', `/ops/contracts/idle?merchant=${M}`, { token: op, ip: nextIp() });
    expect(idle.status, JSON.stringify(idle.body)).toBe(200);
    const listed = new Map(idle.body.value!.list.map((c) => [c.contractId, c.field]));
    expect(listed.get(salary)).toBe('/terms/tiers/0/turnover');
    expect(listed.get(hourly)).toBe('/terms/tiers/0/turnover');
    expect(listed.get(dividend)).toBe('/terms/tiers/0/netLoss');
    await expectLedgerClean(app);
  });

  it("tiers that ask for nothing are refused with the field; the holder's own bets and fresh accounts' bets never qualify a tier", async () => {
    const { app } = server();
    const boss = await member(app, null, 1, 60);
    await setCeiling(app, CLI, { merchantCode: M, username: boss.username, kind: 'salary', max: 100 });
    await setCeiling(app, CLI, { merchantCode: M, username: boss.username, kind: 'hourly', max: 10 });
    await setCeiling(app, CLI, { merchantCode: M, username: boss.username, kind: 'dividend', max: 10 });
    const sub = await member(app, boss.id, 1, 60);
    for (const [kind, terms, field] of [
      ['salary', { tiers: [{ turnover: 0, activeMembers: 1, amount: 5 }] }, '/terms/tiers/0/turnover'],
      ['salary', { tiers: [{ turnover: 100, activeMembers: 0, amount: 5 }] }, '/terms/tiers/0/activeMembers'],
      ['hourly', { tiers: [{ turnover: 0, amount: 1 }] }, '/terms/tiers/0/turnover'],
      ['dividend', { period: 'month', tiers: [{ netLoss: 0, percent: 5 }] }, '/terms/tiers/0/netLoss'],
    ] as const) {
      for (let replay = 0; replay < 2; replay += 1) {
        const r = await propose(app, boss, kind, sub.id, terms);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ errorCode: 'validation.failed', value: { field } });
      }
    }

    // A fair contract: 100.00 of turnover by 1 active member pays 5.00, by 2 pays 50.00.
    const id = (await propose(app, boss, 'salary', sub.id, { tiers: [{ turnover: 100, activeMembers: 1, amount: 5 }, { turnover: 100, activeMembers: 2, amount: 50 }] })).body.value!.id;
    await sign(app, sub, id);
    await app.db.orm.execute(sql`UPDATE agent_contracts SET signed_at = now() - interval '60 days' WHERE id = ${id}`);
    const date = yesterday(app);
    const at = noonOf(app, date);
    const old = await member(app, sub.id, 0, 30);
    const fresh = await member(app, sub.id, 0, 3);
    await bet(app, sub, 1_000_000, 0, at); // the holder's own 10,000.00: not the team's
    await bet(app, old, 10_000, 0, at);
    await bet(app, fresh, 10_000, 0, at); // opened 3 days ago, within the 7 qualifying days
    const before = await balance(app, sub);
    const r = await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M]);
    expect(r.exitCode, r.stderr.join('\n')).toBe(0);
    // Only the old member's 100.00 qualifies: 1 active member, the first tier.
    const [row] = await settlement(app, id);
    expect(row).toMatchObject({ turnover: 10_000, activeMembers: 1, amount: 500 });
    expect(await balance(app, sub)).toBe(before + 500);
    await expectLedgerClean(app);
  });

  it('a contract payment carries its turnover requirement: the withdrawal stays blocked until it is wagered', async () => {
    const { app } = server();
    const boss = await member(app, null, 1, 60);
    await setCeiling(app, CLI, { merchantCode: M, username: boss.username, kind: 'salary', max: 100 });
    const sub = await member(app, boss.id, 1, 60);
    const player = await member(app, sub.id, 0, 60);
    const id = (await propose(app, boss, 'salary', sub.id, { tiers: [{ turnover: 100, activeMembers: 1, amount: 80 }] })).body.value!.id;
    await sign(app, sub, id);
    await app.db.orm.execute(sql`UPDATE agent_contracts SET signed_at = now() - interval '60 days' WHERE id = ${id}`);
    const date = yesterday(app);
    await bet(app, player, 20_000, 0, noonOf(app, date));
    expect((await turnoverStatus(app.db.orm, sub.id)).outstanding).toBe(0);
    expect((await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M])).exitCode).toBe(0);
    const reqs = await rows<{ source: string; required: number | string; source_id: string }>(app.db.orm, sql`SELECT source, required, source_id FROM turnover_requirements WHERE member_id = ${sub.id}`);
    expect(reqs.map((q) => ({ ...q, required: Number(q.required) }))).toEqual([{ source: 'contract', required: 8_000, source_id: `C${id}:${date}` }]);
    const reasons = async () =>
      (await call<{ reasons: { code: string; outstanding?: number }[] }>(app, 'GET', '/wps/wallet/withdrawals/eligibility?amount=80', { token: sub.token })).body.value!.reasons;
    expect((await reasons()).find((x) => x.code === 'turnover.required')).toMatchObject({ outstanding: 80 });
    // A replayed settlement adds no second requirement.
    await runOps(app, CLI, ['settle', 'salary', '--date', date, '--merchant', M]);
    expect((await turnoverStatus(app.db.orm, sub.id)).required).toBe(8_000);
    await bet(app, sub, 8_000, 0, new Date());
    expect((await reasons()).some((x) => x.code === 'turnover.required')).toBe(false);
    await expectLedgerClean(app);
  });

  it('a top-level agent proposes only within an operator ceiling (audited); contracts do not chain down the tree without one', async () => {
    const { app } = server();
    const boss = await member(app, null, 1, 60);
    const sub = await member(app, boss.id, 1, 60);
    const subsub = await member(app, sub.id, 1, 60);
    const terms = { tiers: [{ turnover: 100, activeMembers: 1, amount: 5 }] };
    for (let replay = 0; replay < 2; replay += 1) {
      const r = await propose(app, boss, 'salary', sub.id, terms);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errorCode: 'contract.ceiling.missing', message: 'err_contract_ceiling_missing', value: { kind: 'salary' } });
    }
    const page = await call<{ bounds: { ceilingMissing?: boolean; ceiling?: number; maxAmount?: number } }>(app, 'GET', '/wps/agent/contracts/salary', { token: boss.token });
    expect(page.body.value!.bounds).toMatchObject({ ceilingMissing: true });

    // An operator of another merchant cannot set it; bad input names the field; one of demoph01 sets 20.00.
    const other = await operatorToken(app, ['demoen01']);
    const forbidden = await call(app, 'POST', '/ops/agents/ceiling', { token: other, ip: nextIp(), body: { merchant: M, username: boss.username, kind: 'salary', max: 20 } });
    expect(forbidden.status).toBe(403);
    const op = await operatorToken(app, [M]);
    const tooHigh = await call(app, 'POST', '/ops/agents/ceiling', { token: op, ip: nextIp(), body: { merchant: M, username: boss.username, kind: 'salary', max: 10_000.01 } });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/max' } });
    const zero = await call(app, 'POST', '/ops/agents/ceiling', { token: op, ip: nextIp(), body: { merchant: M, username: boss.username, kind: 'salary', max: 0 } });
    expect(zero.status).toBe(400);
    const set = await call<{ before: number | null; after: number }>(app, 'POST', '/ops/agents/ceiling', { token: op, ip: nextIp(), body: { merchant: M, username: boss.username, kind: 'salary', max: 20, reason: 'agreed rate' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value).toMatchObject({ before: null, after: 20 });
    const [audit] = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'contract.ceiling.set'), eq(auditLog.targetId, String(boss.id))));
    expect(audit).toMatchObject({ merchantCode: M, targetType: 'member', reason: 'agreed rate', before: { kind: 'salary', max: null }, after: { kind: 'salary', max: 20 } });
    const shown = await call<{ bounds: { ceiling?: number; ceilingMissing?: boolean } }>(app, 'GET', '/wps/agent/contracts/salary', { token: boss.token });
    expect(shown.body.value!.bounds).toEqual(expect.objectContaining({ ceiling: 20 }));
    expect(shown.body.value!.bounds.ceilingMissing).toBeUndefined();

    const above = await propose(app, boss, 'salary', sub.id, { tiers: [{ turnover: 100, activeMembers: 1, amount: 20.5 }] });
    expect(above.body).toMatchObject({ errorCode: 'contract.terms.exceeded', value: { field: '/terms/tiers/0/amount', messageKey: 'contract_tier_above_ceiling' } });
    const ok = await propose(app, boss, 'salary', sub.id, terms);
    expect(ok.status).toBe(200);
    await sign(app, sub, ok.body.value!.id);
    // The sub-agent is bounded by its own salary contract, but has no hourly one and no ceiling: no hourly chain.
    expect((await propose(app, sub, 'salary', subsub.id, terms)).status).toBe(200);
    const chained = await propose(app, sub, 'hourly', subsub.id, { tiers: [{ turnover: 1, amount: 1 }] });
    expect(chained.body.errorCode).toBe('contract.ceiling.missing');
    // The boss itself has no hourly ceiling either.
    expect((await propose(app, boss, 'hourly', sub.id, { tiers: [{ turnover: 1, amount: 1 }] })).body.errorCode).toBe('contract.ceiling.missing');

    // Cleared from the CLI: new proposals are refused again, the list says so.
    const cleared = await runOps(app, CLI, ['agents', 'ceiling', 'clear', '--merchant', M, '--agent', boss.username, '--kind', 'salary']);
    expect(cleared.stdout).toEqual([`${M}/${boss.username} salary ceiling cleared (was 20)`]);
    expect((await propose(app, boss, 'salary', sub.id, terms)).body.errorCode).toBe('contract.ceiling.missing');
    const bad = await runOps(app, CLI, ['agents', 'ceiling', 'set', '--merchant', M, '--agent', boss.username, '--kind', 'weekly', '--max', '5']);
    expect(bad.exitCode).toBe(2);
    const player = await member(app, boss.id, 0, 60);
    const notAgent = await runOps(app, CLI, ['agents', 'ceiling', 'set', '--merchant', M, '--agent', player.username, '--kind', 'salary', '--max', '5']);
    expect(notAgent.exitCode).toBe(1);
    expect(notAgent.stderr.join('')).toContain('member.type.invalid');
  });

  it('an agent opens at most 20 accounts a tenant day, racing or not; the refusal names when it resets; each opening is audited', async () => {
    const { app } = server();
    const open = (agent: Made, i: number) =>
      call<{ member: { id: number } }>(app, 'POST', '/wps/agent/accounts', {
        host: PH,
        token: agent.token,
        body: { kind: i % 2 === 0 ? 'player' : 'agent', username: `o${uniqueDigits(7)}${i}${randomBytes(2).toString('hex')}`.slice(0, 16), password: PASSWORD, confirmPassword: PASSWORD },
      });
    const resetsAt = new Date(zoneMidnight(zone(app), shiftDate(zoneDate(zone(app)), 1))).toISOString();

    const agent = await member(app, null, 1, 60);
    for (let i = 0; i < 20; i += 1) {
      const r = await open(agent, i);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (let replay = 0; replay < 2; replay += 1) {
      const refused = await open(agent, 20 + replay);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ errorCode: 'agent.open.limit', message: 'err_agent_open_limit', value: { limit: 20, resetsAt } });
    }
    const audits = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'agent.open'), eq(auditLog.actor, `member:${M}/${agent.username}`)));
    expect(audits).toHaveLength(20);
    expect(audits.every((a) => a.operatorId === null && a.merchantCode === M)).toBe(true);

    // Racing: 26 openings at once by another agent, 20 pass.
    const racer = await member(app, null, 1, 60);
    const raced = await Promise.all(Array.from({ length: 26 }, (_, i) => open(racer, i)));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(20);
    expect(raced.filter((r) => r.status === 429 && r.body.errorCode === 'agent.open.limit')).toHaveLength(6);
    const [made] = await rows<{ n: number | string }>(app.db.orm, sql`SELECT count(*) AS n FROM members WHERE upline_id = ${racer.id}`);
    expect(Number(made.n)).toBe(20);
  });

  /** An operator's /ops token (limited to `merchants` when given). */
  async function operatorToken(app: FastifyInstance, merchants?: string[]): Promise<string> {
    const username = `op${uniqueDigits(8)}`;
    await addOperator(app, CLI, { username, password: 'correct horse battery', merchantCodes: merchants ?? null, totp: false });
    const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: 'correct horse battery' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!.token;
  }
});
