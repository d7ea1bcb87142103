/**
 * A model-based money test: fast-check draws random sequences of money operations (deposits paid
 * through the payment provider's real signed notice, reward claims, slot spins, red-rain catches,
 * transfers to the upline, withdrawals, operator decisions and adjustments, contract settlements),
 * each step a batch of operations sent at once by several clients over two app instances on one
 * PostgreSQL schema. A model of every wallet follows the answers; after each run:
 *  - the ledger check is clean and no wallet or hold is negative;
 *  - each wallet holds exactly what the model expects from the answers the clients got;
 *  - every credit the house paid since the test began is explained by a rule: a paid deposit, a
 *    claimed reward, a red-rain catch, a bet's win, a contract settlement for a period with
 *    turnover and active members, or an operator's adjustment with its audit row.
 * No answer is ever a 5xx: only successes and the documented refusals.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import type { ErrorCode } from '../../../server/errors';
import { adjustBalance } from '../../../server/modules/wallet/services/wallet-actions';
import type { OpsActor } from '../../../server/ops/types';
import { setCeiling, settleContracts } from '../../../server/modules/agent/services/agent-contracts';
import { scheduleRain } from '../../../server/modules/engagement/services/red-rain';
import { grantOperatorReward } from '../../../server/modules/engagement/services/rewards';
import { waiveTurnover } from '../../../server/money/turnover';
import { payWithdrawal, rejectWithdrawal } from '../../../server/modules/wallet/services/withdrawals';
import { checkLedger } from '../../../server/money';
import { toAmount, toMinor } from '../../../src/domain/money';
import { call, dropSchema, freshSchemaName, listening, nextIp, postgresAvailable, PG_URL, spinKey, startRefPay, startServer, type Envelope, type TestServer } from '../helpers';
import { tenantTimeZone } from '../../../src/lib/app-config';
import { zoneDate, zoneMidnight } from '../../../src/domain/date-range';
import { fundedPlayer } from '../helpers';
import { openSlot, PAY_PW, placeBet, playerWithUpline, setPaymentPassword } from '../rebate-helpers';
import { confirmDeposit, readyForWithdrawal } from './money-model-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:model', merchantCodes: null };
const MERCHANT = 'demoph01';
/** Runs of fast-check (each a sequence of steps); MONEY_MODEL_RUNS raises it for a longer search. */
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 10);

interface Member {
  id: number;
  username: string;
  token: string;
  /** A play token of the in-house slot per instance. */
  play: [string, string];
  payoutAccountId: number | null;
  uplineIndex: number | null;
}

type Op =
  | { kind: 'spin'; who: number; stake: number }
  | { kind: 'deposit'; who: number; amount: number; pay: boolean }
  | { kind: 'grant'; who: number; amount: number }
  | { kind: 'claim'; who: number }
  | { kind: 'catch'; who: number }
  | { kind: 'transfer'; who: number; amount: number }
  | { kind: 'withdraw'; who: number; amount: number }
  | { kind: 'decide'; pay: boolean }
  | { kind: 'adjust'; who: number; amount: number }
  | { kind: 'waive'; who: number }
  | { kind: 'pastBet'; who: number; stake: number; win: number }
  | { kind: 'settle' };

interface Sent {
  op: Op;
  instance: 0 | 1;
}

/**
 * The refusals each operation may answer (besides success); anything else fails the run. Typed by
 * the platform's error codes, so a code the server does not have fails typecheck.
 */
const ALLOWED: Record<Op['kind'], (ErrorCode | 'withdrawal.decided')[]> = {
  spin: ['balance.insufficient'],
  deposit: ['deposit.pending.limit', 'payment.provider.unavailable'],
  grant: [],
  claim: ['reward.claimed', 'reward.not.found'],
  catch: ['redRain.exhausted', 'redRain.limit', 'redRain.closed', 'person.unverified'],
  transfer: ['balance.insufficient', 'turnover.required', 'transfer.amount.range'],
  withdraw: [
    'balance.insufficient',
    'turnover.required',
    'withdrawal.pending',
    'withdrawal.daily.limit',
    'withdrawal.amount.range',
  ],
  decide: ['withdrawal.decided', 'not.found'],
  adjust: ['balance.insufficient'],
  waive: [],
  pastBet: ['balance.insufficient'],
  settle: [],
};

const PLAYERS = 3;

function opArb(): fc.Arbitrary<Op> {
  const who = fc.integer({ min: 0, max: PLAYERS - 1 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('spin' as const), who, stake: fc.integer({ min: 10, max: 60_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), who, amount: fc.integer({ min: 100, max: 2_000 }), pay: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('grant' as const), who, amount: fc.integer({ min: 1, max: 50_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('claim' as const), who }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('catch' as const), who }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), who, amount: fc.integer({ min: 1, max: 200_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), who, amount: fc.integer({ min: 100, max: 3_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), pay: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), who, amount: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('waive' as const), who }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('pastBet' as const), who, stake: fc.integer({ min: 100, max: 50_000 }), win: fc.integer({ min: 0, max: 60_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  );
}

const stepArb = fc.array(fc.record({ op: opArb(), instance: fc.constantFrom<0 | 1>(0, 1) }), { minLength: 1, maxLength: 6 });
const scenarioArb = fc.array(stepArb, { minLength: 2, maxLength: 6 });

/** Currency units of an API answer to minor units (the server's own conversion). */
const minor = toMinor;

describe.skipIf(!postgresAvailable && !process.env.CI)('money model: random operations from concurrent clients over two instances', () => {
  const schema = freshSchemaName();
  let servers: [TestServer, TestServer];
  let provider: Awaited<ReturnType<typeof startRefPay>>;
  let hosts: [string, string];
  let apps: [FastifyInstance, FastifyInstance];
  let agent: Member;
  let players: Member[];
  let windowId: number;
  let firstTxn = 0;
  let operations = 0;
  const refusals = new Map<string, number>();
  /** Operations that moved money, by kind (deposits credited, contract periods paid, ...). */
  const moved = new Map<string, number>();

  beforeAll(async () => {
    if (!postgresAvailable) throw new Error(`PostgreSQL is unreachable at ${PG_URL} (CI is set)`);
    // One payment provider for the deployment: both instances hold the same merchant account at it.
    provider = await startRefPay();
    const payments = { refpay: provider.payment };
    servers = (await Promise.all([startServer('postgres', { schema, payments }), startServer('postgres', { schema, payments })])) as [TestServer, TestServer];
    apps = [servers[0].app, servers[1].app];
    // Each instance listens: the provider's notices reach the one whose host the deposit was made on.
    hosts = [new URL(await listening(apps[0])).host, new URL(await listening(apps[1])).host];
    const [app] = apps;
    // An agent and its team of players, each ready to withdraw and transfer.
    const first = await playerWithUpline(app, 500_000);
    const uplineId = first.upline.memberId;
    const team = [first.player];
    for (let i = 1; i < PLAYERS; i += 1) {
      const p = await playerWithUpline(app, 500_000);
      await app.db.orm.execute(sql`UPDATE members SET upline_id = ${uplineId} WHERE id = ${p.player.memberId}`);
      team.push(p.player);
    }
    const usernameOf = async (id: number) => (await rows<{ username: string }>(app.db.orm, sql`SELECT username FROM members WHERE id = ${id}`))[0].username;
    agent = { id: uplineId, username: await usernameOf(uplineId), token: first.upline.token, play: ['', ''], payoutAccountId: null, uplineIndex: null };
    await setPaymentPassword(app, agent.token);
    players = [];
    for (const p of team) {
      const payoutAccountId = await readyForWithdrawal(app, p.token, p.memberId);
      players.push({
        id: p.memberId,
        username: await usernameOf(p.memberId),
        token: p.token,
        play: [await openSlot(apps[0], p.token), await openSlot(apps[1], p.token)],
        payoutAccountId,
        uplineIndex: -1,
      });
    }
    // The agent holds an hourly contract from a top-level agent (within the ceiling an operator set),
    // signed two hours ago; its players were opened a month ago, so their bets qualify.
    const boss = await fundedPlayer(app, 0, 1);
    const bossName = await usernameOf(boss.memberId);
    await app.db.orm.execute(sql`UPDATE members SET upline_id = ${boss.memberId} WHERE id = ${agent.id}`);
    await app.db.orm.execute(sql`UPDATE members SET reg_date = now() - interval '30 days' WHERE id IN (${sql.join(players.map((p) => sql`${p.id}`), sql`, `)})`);
    await setCeiling(app, CLI, { merchantCode: MERCHANT, username: bossName, kind: 'hourly', max: 500 });
    const proposed = await call<{ id: number }>(app, 'POST', '/wps/agent/contracts/hourly', {
      token: boss.token,
      body: { downlineId: agent.id, terms: { tiers: [{ turnover: 1, amount: 5 }, { turnover: 300, amount: 25 }] } },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect((await call(app, 'POST', `/wps/agent/contracts/${proposed.body.value!.id}/sign`, { token: agent.token, body: {} })).status).toBe(200);
    await app.db.orm.execute(sql`UPDATE agent_contracts SET signed_at = now() - interval '2 hours' WHERE id = ${proposed.body.value!.id}`);
    // The team played in the hour before: the first settlement of that hour has something to pay.
    const firstWallet = (await app.repos.ledger.walletOf(players[0].id))!;
    await placeBet(app, players[0].id, firstWallet.id, { stake: 50_000, win: 20_000, at: new Date(previousHour().from + 60_000) });
    // A red-rain window open for the whole test.
    windowId = (await scheduleRain(app, CLI, { merchant: MERCHANT, minutes: 60, budget: 2_000_000, maxPerMember: 4 })).id;
    // The fixtures' funding is the starting point: every house credit after it must be explained.
    const [{ n }] = await rows<{ n: string | number }>(app.db.orm, sql`SELECT coalesce(max(id), 0) AS n FROM ledger_transactions`);
    firstTxn = Number(n);
  }, 180_000);

  afterAll(async () => {
    await servers?.[0]?.close();
    await servers?.[1]?.close();
    await provider?.refpay.close();
    if (postgresAvailable) await dropSchema(schema);
    // The figures the closing note quotes.
    console.info(
      `money model: ${RUNS} runs, ${operations} operations; moved money: ${JSON.stringify(Object.fromEntries(moved))}; refusals: ${JSON.stringify(Object.fromEntries(refusals))}`,
    );
  });

  async function balances(): Promise<Map<number, number>> {
    const ids = [agent.id, ...players.map((p) => p.id)];
    const found = await rows<{ member_id: string | number; balance: string | number }>(
      apps[0].db.orm,
      sql`SELECT member_id, balance FROM ledger_accounts WHERE kind = 'WALLET' AND member_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    return new Map(found.map((r) => [Number(r.member_id), Number(r.balance)]));
  }

  /** The tenant's hour before the current one: its day, its hour and its start. */
  function previousHour(): { date: string; hour: number; from: number } {
    const zone = tenantTimeZone(apps[0].tenants.all.get('demo-ph')!);
    const instant = Date.now() - 3_600_000;
    const date = zoneDate(zone, instant);
    const hour = Math.floor((instant - zoneMidnight(zone, date)) / 3_600_000);
    return { date, hour, from: zoneMidnight(zone, date) + hour * 3_600_000 };
  }

  /** Sends one operation and answers what it did to the wallets (member id -> minor units). */
  async function perform({ op, instance }: Sent): Promise<Map<number, number>> {
    const app = apps[instance];
    const effect = new Map<number, number>();
    const add = (id: number, amount: number) => effect.set(id, (effect.get(id) ?? 0) + amount);
    const expectAllowed = (res: { status: number; body: Envelope<unknown> }) => {
      if (res.status >= 200 && res.status < 300) return true;
      const code = res.body.errorCode ?? `status ${res.status}`;
      expect(ALLOWED[op.kind], `${op.kind} answered ${res.status} ${JSON.stringify(res.body)}`).toContain(code);
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
      return false;
    };
    const refused = (code: string) => {
      expect(ALLOWED[op.kind], `${op.kind} refused with ${code}`).toContain(code);
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
    };
    operations += 1;
    switch (op.kind) {
      case 'spin': {
        const p = players[op.who];
        const res = await call<{ stake: number; win: number }>(app, 'POST', '/wps/game/inhouse/spin', { token: p.play[instance], headers: spinKey(), body: { stake: op.stake } });
        if (expectAllowed(res)) add(p.id, minor(res.body.value!.win) - minor(res.body.value!.stake));
        break;
      }
      case 'deposit': {
        const p = players[op.who];
        const res = await call<{ id: number; credited: number }>(app, 'POST', '/wps/wallet/deposits', {
          token: p.token,
          host: hosts[instance],
          ip: nextIp(),
          headers: spinKey(),
          body: { channelId: 'gcash', amount: op.amount },
        });
        if (!expectAllowed(res)) break;
        const credited = await confirmDeposit(app, p.token, res.body.value!.id, op.pay);
        if (credited) add(p.id, minor(res.body.value!.credited));
        break;
      }
      case 'grant': {
        await grantOperatorReward(app, CLI, { merchant: MERCHANT, username: players[op.who].username, amount: op.amount, turnoverMultiplier: 1, reason: 'model' });
        break;
      }
      case 'claim': {
        const p = players[op.who];
        const list = await call<{ list: { id: number; state: string; amount: number }[] }>(app, 'GET', '/wps/rewards', { token: p.token });
        const reward = list.body.value?.list.find((r) => r.state === 'claimable');
        if (!reward) break;
        const res = await call(app, 'POST', `/wps/rewards/${reward.id}/claim`, { token: p.token, headers: spinKey(), body: {} });
        if (expectAllowed(res)) add(p.id, minor(reward.amount));
        break;
      }
      case 'catch': {
        const p = players[op.who];
        const res = await call<{ amount: number }>(app, 'POST', `/wps/redRain/${windowId}/catch`, { token: p.token, headers: spinKey(), body: {} });
        if (expectAllowed(res)) add(p.id, minor(res.body.value!.amount));
        break;
      }
      case 'transfer': {
        const p = players[op.who];
        const amount = toAmount(op.amount);
        const res = await call(app, 'POST', '/wps/transfers/upline', { token: p.token, ip: nextIp(), headers: spinKey(), body: { amount, paymentPassword: PAY_PW } });
        if (expectAllowed(res)) {
          add(p.id, -op.amount);
          add(agent.id, op.amount);
        }
        break;
      }
      case 'withdraw': {
        const p = players[op.who];
        const res = await call<{ amount: number; fee: number }>(app, 'POST', '/wps/wallet/withdrawals', {
          token: p.token,
          ip: nextIp(),
          headers: spinKey(),
          body: { payoutAccountId: p.payoutAccountId, amount: op.amount, paymentPassword: PAY_PW },
        });
        if (expectAllowed(res)) add(p.id, -minor(res.body.value!.amount + res.body.value!.fee));
        break;
      }
      case 'decide': {
        const ids = players.map((p) => p.id);
        const [pending] = await rows<{ id: string | number; member_id: string | number; total: string | number }>(
          app.db.orm,
          sql`SELECT id, member_id, amount + fee AS total FROM withdrawals WHERE state = 'pending' AND member_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id LIMIT 1`,
        );
        if (!pending) break;
        try {
          if (op.pay) await payWithdrawal(app, CLI, Number(pending.id));
          else {
            await rejectWithdrawal(app, CLI, Number(pending.id), 'model: account name does not match');
            add(Number(pending.member_id), Number(pending.total));
          }
        } catch (err) {
          refused((err as { code?: string }).code ?? String(err));
        }
        break;
      }
      case 'adjust': {
        try {
          await adjustBalance(app, CLI, { merchant: MERCHANT, username: players[op.who].username, amount: op.amount, reason: 'model adjustment' });
          add(players[op.who].id, op.amount);
        } catch (err) {
          refused((err as { code?: string }).code ?? String(err));
        }
        break;
      }
      case 'waive': {
        await waiveTurnover(app.db.orm, players[op.who].id, CLI.actor);
        break;
      }
      case 'pastBet': {
        // A bet of the hour before, settled late (as a vendor's round may be): it counts towards that hour.
        const p = players[op.who];
        const wallet = (await app.repos.ledger.walletOf(p.id))!;
        try {
          await placeBet(app, p.id, wallet.id, { stake: op.stake, win: op.win, at: new Date(previousHour().from + 60_000) });
          add(p.id, op.win - op.stake);
        } catch (err) {
          refused((err as { errorCode?: string }).errorCode ?? String(err));
        }
        break;
      }
      case 'settle': {
        const { date, hour } = previousHour();
        const summary = await settleContracts(app, CLI, { kind: 'hourly', date, hour, merchantCode: MERCHANT });
        for (const c of summary.contracts) if (c.outcome === 'paid' && c.downline === agent.username) add(agent.id, c.amount);
        break;
      }
    }
    if ([...effect.values()].some((amount) => amount !== 0)) moved.set(op.kind, (moved.get(op.kind) ?? 0) + 1);
    return effect;
  }

  /** House credits since the test began that no rule explains (should be none). */
  async function unexplainedCredits(): Promise<unknown[]> {
    return rows(
      apps[0].db.orm,
      sql`SELECT t.id, t.kind, t.reference, -e.amount AS paid
          FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'HOUSE'
          WHERE t.id > ${firstTxn} AND e.amount < 0 AND NOT (
            (t.kind = 'DEPOSIT' AND EXISTS (SELECT 1 FROM deposits d WHERE d.transaction_id = t.id AND d.state = 'paid' AND d.amount - d.fee = -e.amount))
            OR (t.kind = 'BONUS' AND (
              EXISTS (SELECT 1 FROM rewards r WHERE r.transaction_id = t.id AND r.amount = -e.amount AND r.claimed_at IS NOT NULL)
              OR EXISTS (SELECT 1 FROM rain_catches c WHERE c.transaction_id = t.id AND c.amount = -e.amount)
              OR EXISTS (SELECT 1 FROM deposits d WHERE t.reference = 'D' || d.id AND d.state = 'paid' AND d.bonus = -e.amount)))
            OR (t.kind = 'PAYOUT' AND EXISTS (SELECT 1 FROM bets b WHERE t.reference = 'B' || b.id AND b.win = -e.amount))
            OR (t.kind = 'REBATE' AND EXISTS (SELECT 1 FROM rebate_claims r WHERE r.transaction_id = t.id))
            OR (t.kind = 'CONTRACT' AND EXISTS (SELECT 1 FROM agent_contract_settlements s
                  WHERE s.transaction_id = t.id AND s.amount = -e.amount AND s.turnover > 0 AND s.active_members > 0))
            OR (t.kind = 'ADJUSTMENT' AND EXISTS (SELECT 1 FROM audit_log l
                  WHERE l.action = 'balance.adjust' AND (l.after ->> 'transactionId')::bigint = t.id AND (l.after ->> 'amount')::bigint = -e.amount))
          )
          ORDER BY t.id`,
    );
  }

  it('keeps every wallet as the model says, the ledger balanced and every house credit explained', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (steps) => {
        const expected = await balances();
        for (const step of steps) {
          const effects = await Promise.all(step.map((sent) => perform(sent)));
          for (const effect of effects) for (const [id, amount] of effect) expected.set(id, (expected.get(id) ?? 0) + amount);
        }
        expect(await checkLedger(apps[0].db.orm)).toEqual([]);
        const negative = await rows(apps[0].db.orm, sql`SELECT id, kind, balance FROM ledger_accounts WHERE kind <> 'HOUSE' AND balance < 0`);
        expect(negative).toEqual([]);
        expect(await balances()).toEqual(expected);
        expect(await unexplainedCredits()).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
