/**
 * A transfer to the upline that would shed wagering (issue: a member owing 30,000 of wagering,
 * a 5x bonus included, moved 18,000 up and the upline then owed 18,000): refused with the
 * withdrawal's turnover.required and numbers while any is outstanding, shown on the transfer
 * state before an amount is typed; after wagering it goes, and the upline's requirement on
 * receipt is as before; racing transfers and bets never let one through unwagered.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { transfers, turnoverRequirements } from '../../../server/db/schema';
import { addRequirement, waiveTurnover } from '../../../server/money/turnover';
import { call, describeBackends, expectLedgerClean, nextIp, spinKey } from '../helpers';
import { PAY_PW, placeBet, playerWithUpline } from '../rebate-helpers';

interface Reason {
  code: string;
  message: string;
  required?: number;
  wagered?: number;
  outstanding?: number;
}

const send = (app: FastifyInstance, token: string, amount: number, paymentPassword = PAY_PW) =>
  call<{ id: number }>(app, 'POST', '/wps/transfers/upline', { token, ip: nextIp(), headers: spinKey(), body: { amount, paymentPassword } });

const transferState = (app: FastifyInstance, token: string) => call<{ allowed: boolean; reasons: Reason[] }>(app, 'GET', '/wps/transfers/upline', { token });

const requirementsOf = (app: FastifyInstance, memberId: number) => app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, memberId));

/** A player holding 300.00 of which 50.00 deposit and 250.00 a 5x-wagered bonus: 300.00 of wagering owed. */
async function owingPlayer(app: FastifyInstance) {
  const pair = await playerWithUpline(app, 60_000);
  const { memberId } = pair.player;
  await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId, source: 'deposit', required: 5_000 });
  await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId, source: 'bonus', required: 25_000 });
  return pair;
}

describeBackends('attack: a transfer that sheds wagering', ({ server }) => {
  it('is refused with the withdrawal panel\u2019s turnover.required and numbers, shown before any amount, moving nothing', async () => {
    const { app } = server();
    const { player, upline } = await owingPlayer(app);
    const refused = await send(app, player.token, 180);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.errorCode).toBe('turnover.required');
    const expected = { code: 'turnover.required', message: 'err_turnover_required', required: 300, wagered: 0, outstanding: 300 };
    expect((refused.body.value as unknown as { reasons: Reason[] }).reasons).toEqual([expected]);
    // The same reason and numbers as the withdrawal panel and the withdrawal refusal show.
    const panel = await call<{ reasons: Reason[] }>(app, 'GET', '/wps/wallet/withdrawals/eligibility', { token: player.token });
    expect(panel.body.value!.reasons.find((r) => r.code === 'turnover.required')).toEqual(expected);
    const state = await transferState(app, player.token);
    expect(state.body.value!.allowed).toBe(false);
    expect(state.body.value!.reasons).toContainEqual(expected);
    expect((await app.repos.ledger.walletOf(player.memberId))!.balance).toBe(60_000);
    expect((await app.repos.ledger.walletOf(upline.memberId))!.balance).toBe(0);
    expect(await app.db.orm.select().from(transfers).where(eq(transfers.fromMemberId, player.memberId))).toEqual([]);
    expect(await requirementsOf(app, upline.memberId)).toEqual([]);
    await expectLedgerClean(app);
  });

  it('refuses before the payment password: a refusal for owed wagering spends no wrong-password try', async () => {
    const { app } = server();
    const { player } = await owingPlayer(app);
    for (let i = 0; i < 6; i++) expect((await send(app, player.token, 20, '000000')).body.errorCode).toBe('turnover.required');
    // Five wrong tries would lock the password for 15 minutes; none was counted.
    await waiveTurnover(app.db.orm, player.memberId, 'test');
    const sent = await send(app, player.token, 20);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expectLedgerClean(app);
  });

  it('goes once the stakes cover what is owed; the upline owes the amount received as a deposit, as before', async () => {
    const { app } = server();
    const { player, upline } = await owingPlayer(app);
    await placeBet(app, player.memberId, player.walletId, { stake: 20_000, win: 10_000 });
    const partly = await send(app, player.token, 100);
    expect(partly.body.errorCode).toBe('turnover.required');
    expect((partly.body.value as unknown as { reasons: Reason[] }).reasons[0]).toMatchObject({ required: 300, wagered: 200, outstanding: 100 });
    await placeBet(app, player.memberId, player.walletId, { stake: 10_000, win: 5_000 });
    const sent = await send(app, player.token, 100);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await requirementsOf(app, player.memberId)).every((r) => r.metAt !== null)).toBe(true);
    const tenant = app.tenants.byMerchant('demoph01')!;
    const uplineReqs = await requirementsOf(app, upline.memberId);
    expect(uplineReqs.map((r) => ({ source: r.source, required: r.required }))).toEqual([
      { source: 'transfer', required: Math.round(10_000 * tenant.settings.wallet.turnover.depositMultiplier) },
    ]);
    await expectLedgerClean(app);
  });

  it('racing transfers and bets that do not cover what is owed move nothing up', async () => {
    const { app } = server();
    const { player, upline } = await owingPlayer(app);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => send(app, player.token, 50)),
      ...Array.from({ length: 5 }, () => placeBet(app, player.memberId, player.walletId, { stake: 1_000, win: 500 }).then(() => null)),
    ]);
    const answers = results.filter((r) => r !== null);
    expect(answers.every((r) => r!.status === 409 && r!.body.errorCode === 'turnover.required')).toBe(true);
    expect((await app.repos.ledger.walletOf(upline.memberId))!.balance).toBe(0);
    expect(await requirementsOf(app, upline.memberId)).toEqual([]);
    await expectLedgerClean(app);
  }, 60_000);

  it('a bonus landing amid racing transfers: none goes after it', async () => {
    const { app } = server();
    const { player, upline } = await playerWithUpline(app, 60_000);
    // Nothing owed at first; a bonus lands while 20 transfers race (each re-checks in its transaction).
    const racing = Array.from({ length: 20 }, () => send(app, player.token, 20));
    await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId: player.memberId, source: 'bonus', required: 50_000 });
    const results = await Promise.all(racing);
    const after = await send(app, player.token, 20);
    expect(after.body.errorCode).toBe('turnover.required');
    // Whatever went before the bonus landed, nothing went after it.
    const sentIds = results.filter((r) => r.status === 200).length;
    const rows = await app.db.orm.select().from(transfers).where(eq(transfers.fromMemberId, player.memberId));
    expect(rows).toHaveLength(sentIds);
    expect((await app.repos.ledger.walletOf(upline.memberId))!.balance).toBe(sentIds * 2_000);
    await expectLedgerClean(app);
  }, 60_000);
});
