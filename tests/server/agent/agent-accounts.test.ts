/**
 * Agent accounts (schemas/api/agent-accounts.json): an agent opens a player or sub-agent under
 * itself (the team tree follows, the player logs in), rates stay within one's own (the clear
 * rebate.above.own), only agents may, only for their direct downline and only on their own
 * tenant's host; a member's own rate is the one its cash back pays; the team's rebates by day.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Downline, Opened, Rates, TeamRebates } from '../../../src/generated/api/agent-accounts';
import { rows } from '../../../server/db/client';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, login, PH, uniqueDigits } from '../helpers';
import { placeBet } from '../rebate-helpers';

const PASSWORD = 'Secret123';

describeBackends('agent accounts', ({ server }) => {
  /** A fresh top-level agent of demoph01 (type 1) with a session. */
  const agent = async (app: FastifyInstance) => fundedPlayer(app, 0, 1);

  const open = (app: FastifyInstance, token: string, body: Record<string, unknown>, host = PH) =>
    call<Opened>(app, 'POST', '/wps/agent/accounts', { host, token, body: { password: PASSWORD, confirmPassword: PASSWORD, ...body } });

  const depthOf = async (app: FastifyInstance, ancestor: number, descendant: number) =>
    (await rows<{ depth: number }>(app.db.orm, sql`SELECT depth FROM member_tree WHERE ancestor_id = ${ancestor} AND descendant_id = ${descendant}`))[0]?.depth ?? null;

  it('opens a player and a sub-agent under the agent: tree rows exist, the player logs in, a sub-agent gets its rates', async () => {
    const { app } = server();
    const boss = await agent(app);
    const playerName = `p${uniqueDigits(8)}`;
    const player = await open(app, boss.token, { kind: 'player', username: playerName });
    expect(player.status, JSON.stringify(player.body)).toBe(200);
    expect(player.body.value!.member).toMatchObject({ username: playerName, type: 0 });
    expect(await depthOf(app, boss.memberId, player.body.value!.member.id)).toBe(1);
    const session = await login(app, playerName, PASSWORD);
    expect(session.body.value).toMatchObject({ userName: playerName, customerType: 0 });

    const subName = `s${uniqueDigits(8)}`;
    const sub = await open(app, boss.token, { kind: 'agent', username: subName, rates: { RNG: 0.5 } });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const rates = Object.fromEntries(sub.body.value!.member.rates.map((r) => [r.gameType, r.rate]));
    // demo-ph's categories that are game types, defaulting to 0 but for the one given.
    expect(rates).toMatchObject({ RNG: 0.5, FISH: 0, LIVE: 0, SPORTS: 0 });
    expect(Object.keys(rates)).not.toContain('HOT');

    // The sub-agent opens its own player: two levels below the top agent.
    const subToken = (await login(app, subName, PASSWORD)).body.value!.token;
    const grand = await open(app, subToken, { kind: 'player', username: `g${uniqueDigits(8)}` });
    expect(grand.status).toBe(200);
    expect(await depthOf(app, boss.memberId, grand.body.value!.member.id)).toBe(2);

    // The list shows the sub-agent (direct downline agents only, not the player).
    const list = await call<Rates>(app, 'GET', '/wps/agent/rebates', { host: PH, token: boss.token });
    expect(list.body.value!.downline.map((d) => d.username)).toEqual([subName]);
    expect(list.body.value!.own.find((r) => r.gameType === 'RNG')!.rate).toBe(1.2);
  });

  it('refuses a taken username, a replay, a bad password and a confirmation that differs', async () => {
    const { app } = server();
    const boss = await agent(app);
    const taken = await open(app, boss.token, { kind: 'player', username: 'demoteam1' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('username.exists');
    const name = `r${uniqueDigits(8)}`;
    const [a, b] = await Promise.all([open(app, boss.token, { kind: 'player', username: name }), open(app, boss.token, { kind: 'player', username: name })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const bad = await open(app, boss.token, { kind: 'player', username: `b${uniqueDigits(8)}`, password: 'short', confirmPassword: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.value).toMatchObject({ field: '/password' });
    const differs = await open(app, boss.token, { kind: 'player', username: `d${uniqueDigits(8)}`, confirmPassword: 'Other1234' });
    expect(differs.body.value).toMatchObject({ field: '/confirmPassword' });
    const user = await open(app, boss.token, { kind: 'player', username: '1bad' });
    expect(user.body.value).toMatchObject({ field: '/username' });
  });

  it('a player or a trial member cannot open accounts or see rates', async () => {
    const { app } = server();
    const player = await fundedPlayer(app, 0, 0);
    const trial = await fundedPlayer(app, 0, 4);
    for (const token of [player.token, trial.token]) {
      const res = await open(app, token, { kind: 'player', username: `x${uniqueDigits(8)}` });
      // Opening accounts says what was refused (not the team records' wording).
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 'agent.open.forbidden', message: 'err_agent_open_forbidden' });
      const list = await call(app, 'GET', '/wps/agent/rebates', { host: PH, token });
      expect(list.body.errorCode).toBe('agent.required');
      const team = await call(app, 'GET', '/wps/agent/team-rebates', { host: PH, token });
      expect(team.body.errorCode).toBe('agent.required');
    }
  });

  it('a rate above one’s own is refused with the category and own rate; negative or 3 decimals are 400 on the field', async () => {
    const { app } = server();
    const boss = await agent(app);
    const above = await open(app, boss.token, { kind: 'agent', username: `a${uniqueDigits(8)}`, rates: { RNG: 1.21 } });
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ errorCode: 'rebate.above.own', message: 'err_rebate_above_own', value: { field: '/rates/RNG', gameType: 'RNG', own: 1.2 } });
    const neg = await open(app, boss.token, { kind: 'agent', username: `n${uniqueDigits(8)}`, rates: { RNG: -1 } });
    expect(neg.status).toBe(400);
    expect(neg.body.value).toMatchObject({ field: '/rates/RNG' });
    const dec = await open(app, boss.token, { kind: 'agent', username: `n${uniqueDigits(8)}`, rates: { RNG: 0.125 } });
    expect(dec.body.value).toMatchObject({ field: '/rates/RNG', messageKey: 'agent_rate_decimals' });
    const cat = await open(app, boss.token, { kind: 'agent', username: `n${uniqueDigits(8)}`, rates: { COCKFIGHT: 0.1 } });
    expect(cat.body.value).toMatchObject({ field: '/rates/COCKFIGHT' });

    // Set within one's own, then a sub-agent cannot give its own downline more than it has.
    const subName = `s${uniqueDigits(8)}`;
    const sub = (await open(app, boss.token, { kind: 'agent', username: subName, rates: { RNG: 0.6 } })).body.value!.member;
    const subToken = (await login(app, subName, PASSWORD)).body.value!.token;
    const deeper = await open(app, subToken, { kind: 'agent', username: `d${uniqueDigits(8)}`, rates: { RNG: 0.7 } });
    expect(deeper.body).toMatchObject({ errorCode: 'rebate.above.own', value: { gameType: 'RNG', own: 0.6 } });
    const leaf = (await open(app, subToken, { kind: 'agent', username: `l${uniqueDigits(8)}`, rates: { RNG: 0.6 } })).body.value!.member;

    const put = (id: number, rates: Record<string, number>, token = boss.token) => call<Downline>(app, 'PUT', `/wps/agent/rebates/${id}`, { host: PH, token, body: { rates } });
    const tooHigh = await put(sub.id, { FISH: 1.5 });
    expect(tooHigh.body).toMatchObject({ errorCode: 'rebate.above.own', value: { field: '/rates/FISH', own: 1 } });
    const ok = await put(sub.id, { FISH: 1, RNG: 0.4 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value!.rates).toEqual(expect.arrayContaining([{ gameType: 'FISH', rate: 1 }, { gameType: 'RNG', rate: 0.4 }]));
    // Lowering the sub-agent's RNG lowered its downline's RNG above it.
    const [leafRate] = await rows<{ rate_bp: number }>(app.db.orm, sql`SELECT rate_bp FROM member_rebate_rates WHERE member_id = ${leaf.id} AND game_type = 'RNG'`);
    expect(Number(leafRate.rate_bp)).toBe(40);
    // The same rates again: nothing changes.
    expect((await put(sub.id, { FISH: 1, RNG: 0.4 })).body.value!.rates).toEqual(ok.body.value!.rates);
  });

  it('rates only for one’s direct downline: another agent’s member, a grandchild and another tenant’s host are refused', async () => {
    const { app } = server();
    const boss = await agent(app);
    const other = await agent(app);
    const subName = `s${uniqueDigits(8)}`;
    const sub = (await open(app, boss.token, { kind: 'agent', username: subName })).body.value!.member;
    const stranger = (await open(app, other.token, { kind: 'agent', username: `o${uniqueDigits(8)}` })).body.value!.member;
    const subToken = (await login(app, subName, PASSWORD)).body.value!.token;
    const grand = (await open(app, subToken, { kind: 'agent', username: `g${uniqueDigits(8)}` })).body.value!.member;
    for (const id of [stranger.id, grand.id, boss.memberId]) {
      const res = await call(app, 'PUT', `/wps/agent/rebates/${id}`, { host: PH, token: boss.token, body: { rates: { RNG: 0.1 } } });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('agent.member.not.found');
    }
    // Another tenant's host does not know the session: nothing seen, nothing changed.
    const elsewhere = await call(app, 'PUT', `/wps/agent/rebates/${sub.id}`, { host: EN, token: boss.token, body: { rates: { RNG: 0.1 } } });
    expect(elsewhere.status).toBe(401);
    expect((await call(app, 'GET', '/wps/agent/rebates', { host: EN, token: boss.token })).status).toBe(401);
    expect((await open(app, boss.token, { kind: 'player', username: `e${uniqueDigits(8)}` }, EN)).status).toBe(401);
    const [row] = await rows<{ rate_bp: number }>(app.db.orm, sql`SELECT rate_bp FROM member_rebate_rates WHERE member_id = ${sub.id} AND game_type = 'RNG'`);
    expect(Number(row.rate_bp)).toBe(0);
  });

  it('a member’s own rate is the one its cash back pays, and the team rebate lists it by day and member', async () => {
    const { app } = server();
    const boss = await agent(app);
    const subName = `s${uniqueDigits(8)}`;
    const sub = (await open(app, boss.token, { kind: 'agent', username: subName, rates: { RNG: 0.2 } })).body.value!.member;
    const subToken = (await login(app, subName, PASSWORD)).body.value!.token;
    const [wallet] = await rows<{ id: number }>(app.db.orm, sql`SELECT id FROM ledger_accounts WHERE member_id = ${sub.id}`);
    // Fund the sub-agent through the house, then bet 1,000.00 on RNG: 0.2% = 2.00 (the tenant's 0.8% would be 8.00).
    await app.db.orm.transaction(async (tx) => {
      const house = await app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', sub.id);
      await app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'DEPOSIT', lines: [{ accountId: Number(wallet.id), amount: 200_000 }, { accountId: house, amount: -200_000 }] });
    });
    await placeBet(app, sub.id, Number(wallet.id), { stake: 100_000 });
    const accrued = await call<{ total: number; categories: { gameType: string; rate: number }[] }>(app, 'GET', '/wps/rebates/accrued', { host: PH, token: subToken });
    expect(accrued.body.value!.categories.find((c) => c.gameType === 'RNG')!.rate).toBe(0.2);
    expect(accrued.body.value!.total).toBe(2);
    const claim = await call(app, 'POST', '/wps/rebates/claim', { host: PH, token: subToken, body: {}, headers: { 'idempotency-key': `aa-${uniqueDigits(12)}` } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);

    const team = await call<TeamRebates>(app, 'GET', '/wps/agent/team-rebates', { host: PH, token: boss.token });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    expect(team.body.value!.list).toEqual([expect.objectContaining({ memberId: sub.id, username: subName, amount: 2, claims: 1 })]);
    expect(team.body.value!.totals).toEqual({ amount: 2, claims: 1, members: 1 });
    // The sub-agent's own team has no rebates; another agent sees none of it.
    const other = await agent(app);
    expect((await call<TeamRebates>(app, 'GET', '/wps/agent/team-rebates', { host: PH, token: other.token })).body.value!.totals.claims).toBe(0);
    await expectLedgerClean(app);
  });
});
