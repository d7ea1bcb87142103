import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { describeBackends, expectLedgerClean } from '../helpers';

describeBackends('ledger', ({ server }) => {
  it('seeded every balance through balanced postings', async () => {
    const db = server().app.db.orm;
    const unbalanced = await rows<{ id: number }>(db, sql`SELECT transaction_id AS id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`);
    expect(unbalanced).toEqual([]);
    const drift = await rows<{ id: number }>(
      db,
      sql`SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
          GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
    );
    expect(drift).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ledger_transactions`);
    expect(Number(n)).toBeGreaterThan(10);
  });

  it('refuses an unbalanced posting', async () => {
    const { app } = server();
    const wallet = await app.repos.ledger.walletOf((await app.repos.members.byUsername('demoph01', 'demoteam3'))!.id);
    await expect(
      app.db.orm.transaction((tx) => app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'ADJUSTMENT', lines: [{ accountId: wallet!.id, amount: 100 }] })),
    ).rejects.toThrow(/unbalanced/);
  });

  it('never overdraws under concurrent debits, and keeps rows and balance together', async () => {
    const { app } = server();
    const member = (await app.repos.members.byUsername('demoph01', 'demoteam1'))!;
    const wallet = (await app.repos.ledger.walletOf(member.id))!;
    const house = await app.db.orm.transaction((tx) => app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', member.id));
    const start = wallet.balance;
    const debit = 7_000;
    const attempts = 20;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, () =>
        app.db.orm.transaction((tx) =>
          app.repos.ledger.post(tx, {
            merchantCode: 'demoph01',
            kind: 'BET',
            lines: [
              { accountId: wallet.id, amount: -debit },
              { accountId: house, amount: debit },
            ],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(Math.floor(start / debit));
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { errorCode?: string }).errorCode).toBe('balance.insufficient');
    const after = (await app.repos.ledger.walletOf(member.id))!;
    expect(after.balance).toBe(start - ok * debit);
    expect(after.balance).toBeGreaterThanOrEqual(0);
    const entries = await app.repos.ledger.entries(wallet.id, 100);
    expect(entries.filter((e) => e.kind === 'BET' && e.amount === -debit)).toHaveLength(ok);
    expect(entries[0].balanceAfter).toBe(after.balance);
    await expectLedgerClean(app);
  });

  it('rolls back the balance with the failing transaction', async () => {
    const { app } = server();
    const member = (await app.repos.members.byUsername('demoph01', 'demoteam2'))!;
    const wallet = (await app.repos.ledger.walletOf(member.id))!;
    const house = await app.db.orm.transaction((tx) => app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', member.id));
    await expect(
      app.db.orm.transaction(async (tx) => {
        await app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'BONUS', lines: [{ accountId: wallet.id, amount: 500 }, { accountId: house, amount: -500 }] });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await app.repos.ledger.walletOf(member.id))!.balance).toBe(wallet.balance);
    await expectLedgerClean(app);
  });
});
