/**
 * Transfers to the upline as a player and an attacker try them: the gate on the server (flag,
 * member type 2, no upline), the payment password, the limits, another tenant's Host, a repeated
 * Idempotency-Key, racing transfers that must not overdraw, and both members' ledger entries.
 * The ledger is checked after every test that moves money.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { ledgerTransactions, transfers, turnoverRequirements } from '../../../server/db/schema';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, nextIp, spinKey, tokenFor } from '../helpers';
import { PAY_PW, playerWithUpline } from '../rebate-helpers';

interface State {
  upline?: { username: string };
  balance: number;
  min: number;
  max: number;
  transferable: number;
  paymentPasswordSet: boolean;
  allowed: boolean;
  reasons: { code: string; message: string; balance?: number; min?: number }[];
}
interface Transfer {
  id: number;
  amount: number;
  balance: number;
  upline: { username: string };
}

async function state(app: FastifyInstance, token: string, host?: string) {
  return call<State>(app, 'GET', '/wps/transfers/upline', { token, host });
}

function send(app: FastifyInstance, token: string, amount: number, o: { key?: Record<string, string>; paymentPassword?: string; host?: string } = {}) {
  return call<Transfer>(app, 'POST', '/wps/transfers/upline', {
    token,
    host: o.host,
    ip: nextIp(),
    headers: o.key ?? spinKey(),
    body: { amount, paymentPassword: o.paymentPassword ?? PAY_PW },
  });
}

const balanceOf = async (app: FastifyInstance, memberId: number) => (await app.repos.ledger.walletOf(memberId))!.balance;
const transfersFrom = (app: FastifyInstance, memberId: number) => app.db.orm.select().from(transfers).where(eq(transfers.fromMemberId, memberId));

describeBackends('transfer to upline', ({ server }) => {
  it('shows the masked upline, the limits and what the balance allows', async () => {
    const { app } = server();
    const { player, upline } = await playerWithUpline(app, 123_456);
    const res = await state(app, player.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uplineName = (await app.repos.members.byId(upline.memberId))!.username;
    expect(res.body.value).toEqual({
      upline: { username: `${uplineName.slice(0, 2)}***${uplineName.slice(-2)}` },
      balance: 1234.56,
      currency: 'PHP',
      min: 10,
      max: 20000,
      transferable: 1234.56,
      paymentPasswordSet: true,
      allowed: true,
      reasons: [],
    });
    expect(JSON.stringify(res.body.value)).not.toContain(uplineName);
  });

  it('moves the amount to the upline in one TRANSFER both members see, once for a repeated key', async () => {
    const { app } = server();
    const { player, upline } = await playerWithUpline(app, 100_000);
    const key = spinKey();
    const first = await send(app, player.token, 250.5, { key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ amount: 250.5, balance: 749.5 });
    const again = await send(app, player.token, 250.5, { key });
    expect(again.body).toEqual(first.body);
    // The same key for another amount is another request: refused, nothing moves.
    const reused = await send(app, player.token, 10, { key });
    expect(reused.status).toBe(422);
    expect(reused.body.errorCode).toBe('idempotency.key.reused');

    expect(await balanceOf(app, player.memberId)).toBe(74_950);
    expect(await balanceOf(app, upline.memberId)).toBe(25_050);
    const rows = await transfersFrom(app, player.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toMemberId: upline.memberId, amount: 25_050 });
    const [txn] = await app.db.orm.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, rows[0].transactionId));
    expect(txn.kind).toBe('TRANSFER');
    // Each wallet has its entry of the one transaction (what both account records read).
    const sent = await app.repos.ledger.entries(player.walletId, 1);
    const received = await app.repos.ledger.entries(upline.walletId, 1);
    expect(sent[0]).toMatchObject({ kind: 'TRANSFER', amount: -25_050, balanceAfter: 74_950 });
    expect(received[0]).toMatchObject({ kind: 'TRANSFER', amount: 25_050, balanceAfter: 25_050 });
    // The upline wagers what it received, as a deposit.
    const required = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, upline.memberId));
    expect(required.map((r) => ({ source: r.source, sourceId: r.sourceId, required: r.required }))).toEqual([{ source: 'transfer', sourceId: String(rows[0].id), required: 25_050 }]);
    await expectLedgerClean(app);
  });

  it('refuses member type 2, a member without an upline and a tenant with transfers off, on the server', async () => {
    const { app } = server();
    const type2 = await playerWithUpline(app, 100_000, { type: 2 });
    const refused = await send(app, type2.player.token, 50);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'transfer.type.forbidden', message: 'err_transfer_type_forbidden' });
    expect((await state(app, type2.player.token)).body.value!.reasons.map((r) => r.code)).toEqual(['transfer.type.forbidden']);

    const alone = await fundedPlayer(app, 100_000);
    const none = await send(app, alone.token, 50);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ errorCode: 'transfer.upline.missing', message: 'err_transfer_upline_missing' });
    const aloneState = (await state(app, alone.token)).body.value!;
    expect(aloneState.upline).toBeUndefined();
    expect(aloneState.allowed).toBe(false);
    expect(aloneState.reasons.map((r) => r.code)).toEqual(['transfer.upline.missing', 'payment.password.unset']);

    // demo-en has AGETRANSFERUP3 off: its demoplayer has an upline and is still refused.
    const en = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    const off = await send(app, en, 50, { host: EN });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ errorCode: 'transfer.disabled', message: 'err_transfer_disabled' });
    expect((await state(app, en, EN)).body.errorCode).toBe('transfer.disabled');

    expect(await transfersFrom(app, type2.player.memberId)).toHaveLength(0);
    expect(await balanceOf(app, type2.player.memberId)).toBe(100_000);
    await expectLedgerClean(app);
  });

  it('asks the payment password: unset, wrong and locked move nothing', async () => {
    const { app } = server();
    const unset = await playerWithUpline(app, 100_000, { paymentPassword: false });
    const noPassword = await send(app, unset.player.token, 50);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errorCode).toBe('payment.password.unset');
    expect((await state(app, unset.player.token)).body.value).toMatchObject({ paymentPasswordSet: false, allowed: false, reasons: [{ code: 'payment.password.unset' }] });

    const { player } = await playerWithUpline(app, 100_000);
    const wrong = await send(app, player.token, 50, { paymentPassword: '135790' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'payment.password.incorrect', value: { field: '/paymentPassword', attemptsLeft: 4 } });
    for (let i = 0; i < 4; i++) await send(app, player.token, 50, { paymentPassword: '135790' });
    const locked = await send(app, player.token, 50);
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('payment.password.locked');
    expect(await transfersFrom(app, player.memberId)).toHaveLength(0);
    expect(await balanceOf(app, player.memberId)).toBe(100_000);
  });

  it('refuses amounts outside the limits or above the balance, and another tenant\'s Host', async () => {
    const { app } = server();
    const { player } = await playerWithUpline(app, 5_000);
    const low = await send(app, player.token, 9.99);
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ errorCode: 'transfer.amount.range', value: { field: '/amount', amount: 9.99, min: 10, max: 20000 } });
    expect((await send(app, player.token, 20000.01)).body.errorCode).toBe('transfer.amount.range');
    const decimals = await send(app, player.token, 10.005);
    expect(decimals.status).toBe(400);
    expect(decimals.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/amount' } });
    const over = await send(app, player.token, 50.01);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ errorCode: 'balance.insufficient', value: { balance: 50, amount: 50.01 } });
    // A session of demo-ph is nobody on demo-en's Host.
    const elsewhere = await send(app, player.token, 10, { host: EN });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.errorCode).toBe('session.invalid');
    expect((await state(app, player.token, EN)).status).toBe(401);

    const poor = await playerWithUpline(app, 999);
    const poorState = (await state(app, poor.player.token)).body.value!;
    expect(poorState).toMatchObject({ transferable: 0, allowed: false, reasons: [{ code: 'balance.insufficient', balance: 9.99, min: 10 }] });
    expect(await transfersFrom(app, player.memberId)).toHaveLength(0);
    await expectLedgerClean(app);
  });

  it('never overdraws under 30 racing transfers with different keys', async () => {
    const { app } = server();
    const { player, upline } = await playerWithUpline(app, 100_000);
    const results = await Promise.all(Array.from({ length: 30 }, () => send(app, player.token, 100)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.errorCode).toBe('balance.insufficient');
    expect(await balanceOf(app, player.memberId)).toBe(0);
    expect(await balanceOf(app, upline.memberId)).toBe(100_000);
    expect(await transfersFrom(app, player.memberId)).toHaveLength(10);
    await expectLedgerClean(app);
  });
});
