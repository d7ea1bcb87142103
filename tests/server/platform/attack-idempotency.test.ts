/**
 * Attacks on money-moving requests through retries: a repeated spin, the same key with another
 * stake, many spins racing with one key, no key at all. Money moves once per key.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { HOUSEKEEPING_TASKS, runHousekeeping } from '../../../server/modules/site/services/housekeeping';
import { call, describeBackends, expectLedgerClean, fundedPlayer, spinKey, type Envelope } from '../helpers';

interface Spin {
  betId: number;
  stake: number;
  win: number;
  sumBalance: number;
}

/** What a spin can move: the wallet's balance and the rows of its bets and ledger. */
async function money(app: FastifyInstance, memberId: number, walletId: number) {
  const [r] = await rows<{ bets: number; entries: number; transactions: number; balance: string }>(
    app.db.orm,
    sql`SELECT (SELECT count(*)::int FROM bets WHERE member_id = ${memberId}) AS bets,
               (SELECT count(*)::int FROM ledger_entries WHERE account_id = ${walletId}) AS entries,
               (SELECT count(DISTINCT transaction_id)::int FROM ledger_entries WHERE account_id = ${walletId}) AS transactions,
               (SELECT balance FROM ledger_accounts WHERE id = ${walletId})::bigint AS balance`,
  );
  return { bets: Number(r.bets), entries: Number(r.entries), transactions: Number(r.transactions), balance: Number(r.balance) };
}

const spin = (app: FastifyInstance, token: string, body: unknown, headers: Record<string, string>) =>
  call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { token, body, headers });

describeBackends('attack: idempotent spins', ({ server }) => {
  it('moves money once for a spin repeated with one key, and answers the first result again', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    const before = await money(app, memberId, walletId);
    const key = spinKey();
    const first = await spin(app, token, { stake: 500 }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = await money(app, memberId, walletId);
    expect(afterFirst.bets).toBe(before.bets + 1);
    expect(afterFirst.balance).toBe(before.balance - 500 + Math.round(first.body.value!.win * 100));
    for (let i = 0; i < 3; i++) {
      const again = await spin(app, token, { stake: 500 }, key);
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
    }
    expect(await money(app, memberId, walletId)).toEqual(afterFirst);
    // Another key is another spin.
    const next = await spin(app, token, { stake: 500 }, spinKey());
    expect(next.status).toBe(200);
    expect(next.body.value!.betId).not.toBe(first.body.value!.betId);
    expect((await money(app, memberId, walletId)).bets).toBe(before.bets + 2);
    await expectLedgerClean(app);
  });

  it('refuses the same key with another stake (422) and moves nothing', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    const key = spinKey();
    expect((await spin(app, token, { stake: 100 }, key)).status).toBe(200);
    const before = await money(app, memberId, walletId);
    const other = await spin(app, token, { stake: 200 }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, errorCode: 'idempotency.key.reused', message: 'err_idempotency_key_reused' });
    expect(await money(app, memberId, walletId)).toEqual(before);
    // The key belongs to its member: another member's spin with the same key is its own.
    const someoneElse = await fundedPlayer(app, 10_000);
    const theirs = await spin(app, someoneElse.token, { stake: 200 }, key);
    expect(theirs.status).toBe(200);
    expect((await money(app, someoneElse.memberId, someoneElse.walletId)).bets).toBe(1);
    await expectLedgerClean(app);
  });

  it('lets exactly one of 20 spins racing with one key move money; all answer that spin', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    const before = await money(app, memberId, walletId);
    const key = spinKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(app, token, { stake: 1_000 }, key)));
    const statuses = results.map((r) => r.status);
    expect(statuses, JSON.stringify(results.find((r) => r.status !== 200)?.body)).toEqual(Array(20).fill(200));
    const betIds = new Set(results.map((r) => (r.body as Envelope<Spin>).value!.betId));
    expect(betIds.size).toBe(1);
    for (const r of results) expect(r.body).toEqual(results[0].body);
    const after = await money(app, memberId, walletId);
    expect(after.bets).toBe(before.bets + 1);
    const win = Math.round(results[0].body.value!.win * 100);
    expect(after.balance).toBe(before.balance - 1_000 + win);
    expect(after.transactions).toBe(before.transactions + (win > 0 ? 2 : 1));
    expect(after.entries).toBe(before.entries + (win > 0 ? 2 : 1));
    await expectLedgerClean(app);
  });

  it('refuses a spin without a well-formed Idempotency-Key (400 naming the header), moving nothing', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 10_000);
    const before = await money(app, memberId, walletId);
    const cases: Record<string, string>[] = [{}, { 'idempotency-key': 'short' }, { 'idempotency-key': 'has spaces in it' }, { 'idempotency-key': 'x'.repeat(129) }];
    for (const headers of cases) {
      const res = await spin(app, token, { stake: 100 }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/idempotency-key', location: 'headers' } });
    }
    expect(await money(app, memberId, walletId)).toEqual(before);
    await expectLedgerClean(app);
  });

  it('keeps no key for a refused spin, and expires keys after their time', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 300);
    const key = spinKey();
    expect((await spin(app, token, { stake: 500 }, key)).body.errorCode).toBe('balance.insufficient');
    // The refused attempt moved nothing and kept nothing: the same key can still spin.
    expect((await spin(app, token, { stake: 100 }, key)).status).toBe(200);
    const before = await money(app, memberId, walletId);
    // Past its expiry a key is forgotten: housekeeping removes it and a reuse is a new spin.
    await app.db.orm.execute(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE member_id = ${memberId}`);
    await runHousekeeping(app, { tasks: HOUSEKEEPING_TASKS.filter((t) => t.table === 'idempotency_keys') });
    const [{ n }] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${memberId}`);
    expect(Number(n)).toBe(0);
    expect((await spin(app, token, { stake: 100 }, key)).status).toBe(200);
    expect((await money(app, memberId, walletId)).bets).toBe(before.bets + 1);
    await expectLedgerClean(app);
  });
});
