/**
 * The money kernel (server/money): house sub-accounts chosen by member, summed by the ledger check,
 * and the typed ledger kinds, each with the account-record type it shows as.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { HOUSE_SHARDS, LEDGER_KINDS, checkLedger, houseBalances, houseShardOf, isLedgerKind, recordTypeOf, type LedgerKind } from '../../../server/money';
import { TRANSACTION_TYPES } from '../../../src/features/records/transaction-types';
import { call, describeBackends, expectLedgerClean, fundedPlayer, spinKey } from '../helpers';

describe('ledger kinds', () => {
  it('maps every kind to a record type the account record shows', () => {
    const kinds = Object.keys(LEDGER_KINDS) as LedgerKind[];
    expect(kinds.length).toBeGreaterThan(10);
    for (const kind of kinds) {
      expect(TRANSACTION_TYPES, kind).toContain(LEDGER_KINDS[kind]);
      expect(recordTypeOf(kind)).toBe(LEDGER_KINDS[kind]);
    }
    expect(LEDGER_KINDS.BET).toBe('bet');
    expect(LEDGER_KINDS.PAYOUT).toBe('win');
    expect(LEDGER_KINDS.CONTRACT).toBe('contract');
    expect(isLedgerKind('BOGUS')).toBe(false);
    // A stored row of a kind from before the list still shows, as an adjustment.
    expect(recordTypeOf('BOGUS')).toBe('adjustment');
    // The old demo seed's WITHDRAW rows are no longer posted, and still read as withdrawals.
    expect(isLedgerKind('WITHDRAW')).toBe(false);
    expect(recordTypeOf('WITHDRAW')).toBe('withdrawal');
  });

  it('chooses the house sub-account by member', () => {
    expect(houseShardOf(HOUSE_SHARDS)).toBe(0);
    expect(houseShardOf(HOUSE_SHARDS + 3)).toBe(3);
    expect(houseShardOf(7)).not.toBe(houseShardOf(8));
  });
});

describeBackends('money kernel', ({ server }) => {
  it('refuses a posting of a kind the list does not name', async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 1_000);
    const house = await app.db.orm.transaction((tx) => app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', a.memberId));
    await expect(
      app.db.orm.transaction((tx) =>
        app.repos.ledger.post(tx, {
          merchantCode: 'demoph01',
          // @ts-expect-error: BOGUS is not a LedgerKind, so it does not typecheck
          kind: 'BOGUS',
          lines: [
            { accountId: a.walletId, amount: -100 },
            { accountId: house, amount: 100 },
          ],
        }),
      ),
    ).rejects.toThrow(/unknown ledger kind BOGUS/);
    expect((await app.repos.ledger.walletOf(a.memberId))!.balance).toBe(1_000);
  });

  it('opened every house sub-account of the seeded merchants', async () => {
    const { app } = server();
    const shards = await rows<{ shard: number }>(
      app.db.orm,
      sql`SELECT shard FROM ledger_accounts WHERE merchant_code = 'demoph01' AND member_id IS NULL AND kind = 'HOUSE' ORDER BY shard`,
    );
    expect(shards.map((r) => Number(r.shard))).toEqual(Array.from({ length: HOUSE_SHARDS }, (_, i) => i));
  });

  it("posts two members' spins against different house sub-accounts, and the ledger check sums them", async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 50_000);
    let b = await fundedPlayer(app, 50_000);
    while (houseShardOf(b.memberId) === houseShardOf(a.memberId)) b = await fundedPlayer(app, 50_000);
    const spins = await Promise.all(
      [a, b, a, b].map((m) => call<{ betId: number }>(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: m.token, body: { stake: 100 } })),
    );
    for (const s of spins) expect(s.status, JSON.stringify(s.body)).toBe(200);

    // The house line of each member's BET posting: a HOUSE account of the member's shard.
    const houses = await rows<{ member_id: string | number; account_id: string | number; shard: number }>(
      app.db.orm,
      sql`SELECT DISTINCT w.member_id, h.id AS account_id, h.shard
          FROM ledger_transactions t
          JOIN ledger_entries we ON we.transaction_id = t.id
          JOIN ledger_accounts w ON w.id = we.account_id AND w.kind = 'WALLET'
          JOIN ledger_entries he ON he.transaction_id = t.id
          JOIN ledger_accounts h ON h.id = he.account_id AND h.kind = 'HOUSE' AND h.member_id IS NULL
          WHERE t.kind = 'BET' AND w.member_id IN (${a.memberId}, ${b.memberId})`,
    );
    const byMember = new Map(houses.map((r) => [Number(r.member_id), r]));
    expect(houses).toHaveLength(2);
    expect(Number(byMember.get(a.memberId)!.shard)).toBe(houseShardOf(a.memberId));
    expect(Number(byMember.get(b.memberId)!.shard)).toBe(houseShardOf(b.memberId));
    expect(Number(byMember.get(a.memberId)!.account_id)).not.toBe(Number(byMember.get(b.memberId)!.account_id));

    // The house's balance is the sum of its sub-accounts, and balances the members' accounts.
    const [sums] = await rows<{ house: string | number; members: string | number }>(
      app.db.orm,
      sql`SELECT coalesce(sum(balance) FILTER (WHERE member_id IS NULL AND kind = 'HOUSE'), 0) AS house,
            coalesce(sum(balance) FILTER (WHERE member_id IS NOT NULL), 0) AS members
          FROM ledger_accounts WHERE merchant_code = 'demoph01' AND currency = 'PHP'`,
    );
    const [balance] = await houseBalances(app.db.orm, 'demoph01');
    expect(balance).toMatchObject({ merchantCode: 'demoph01', currency: 'PHP', house: Number(sums.house), members: Number(sums.members), subAccounts: HOUSE_SHARDS });
    expect(balance.house + balance.members).toBe(0);
    await expectLedgerClean(app);
  });

  it('reports a house whose sub-accounts do not balance the members', async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 1_000);
    const house = await app.db.orm.transaction((tx) => app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', a.memberId));
    // Money made out of nothing on one sub-account (no entry): the account and the house both show it.
    await app.db.orm.execute(sql`UPDATE ledger_accounts SET balance = balance + 5 WHERE id = ${house}`);
    try {
      const problems = await checkLedger(app.db.orm);
      for (const p of problems) expect(['balance-mismatch', 'balance-after-mismatch', 'house-mismatch']).toContain(p.kind);
      expect(problems).toContainEqual(expect.objectContaining({ kind: 'balance-mismatch', id: house }));
      expect(problems).toContainEqual(expect.objectContaining({ kind: 'house-mismatch', detail: expect.stringContaining('merchant demoph01 PHP') }));
    } finally {
      await app.db.orm.execute(sql`UPDATE ledger_accounts SET balance = balance - 5 WHERE id = ${house}`);
    }
    await expectLedgerClean(app);
  });
});
