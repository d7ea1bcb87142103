import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Db, type Executor, type Tx } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema';
import { ApiError } from '../errors';

/**
 * WALLET: a member's cash wallet. HOUSE: the merchant's counter-account (may go negative).
 * HOLD: a member's money on its way out (requested withdrawals), one per member.
 */
export type AccountKind = 'WALLET' | 'HOUSE' | 'HOLD';

export interface LedgerLine {
  accountId: number;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
}

export interface Posting {
  merchantCode: string;
  kind: string;
  memo?: string;
  lines: LedgerLine[];
}

/**
 * Double-entry ledger. Every balance change is a posting whose lines sum to zero, written with
 * its entries in the caller's transaction. Debits use a conditional UPDATE, so concurrent
 * debits cannot overdraw (the row lock serialises them and the condition is re-checked).
 */
export class LedgerRepository {
  constructor(private readonly db: Db) {}

  async houseAccount(tx: Executor, merchantCode: string, currency: string): Promise<number> {
    const [found] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.merchantCode, merchantCode), isNull(ledgerAccounts.memberId), eq(ledgerAccounts.kind, 'HOUSE')));
    if (found) return found.id;
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ merchantCode, kind: 'HOUSE', currency, allowNegative: true })
      .returning({ id: ledgerAccounts.id });
    return row.id;
  }

  async openWallet(tx: Executor, merchantCode: string, memberId: number, currency: string): Promise<number> {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ merchantCode, memberId, kind: 'WALLET', currency })
      .returning({ id: ledgerAccounts.id });
    return row.id;
  }

  /**
   * The member's HOLD account, created on first use. The unique (member_id, kind) index makes two
   * first uses racing create one row: the loser's insert does nothing and it reads the winner's.
   */
  async holdAccount(tx: Executor, merchantCode: string, memberId: number, currency: string): Promise<number> {
    await tx
      .insert(ledgerAccounts)
      .values({ merchantCode, memberId, kind: 'HOLD', currency })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'HOLD')));
    return row.id;
  }

  async walletOf(memberId: number, tx: Executor = this.db): Promise<{ id: number; balance: number; currency: string } | null> {
    const [row] = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'WALLET')));
    return row ?? null;
  }

  /** Writes one balanced posting; throws `balance.insufficient` if a debit would overdraw. */
  async post(tx: Tx, posting: Posting): Promise<number> {
    const total = posting.lines.reduce((sum, l) => sum + l.amount, 0);
    if (posting.lines.length < 2 || total !== 0 || posting.lines.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) {
      throw new Error(`unbalanced ledger posting ${posting.kind}: lines must be non-zero integers summing to 0`);
    }
    const [txn] = await tx
      .insert(ledgerTransactions)
      .values({ merchantCode: posting.merchantCode, kind: posting.kind, memo: posting.memo ?? null })
      .returning({ id: ledgerTransactions.id });
    // Same lock order in every posting: no deadlock between two postings on the same accounts.
    const ordered = [...posting.lines].sort((a, b) => a.accountId - b.accountId);
    for (const line of ordered) {
      const [updated] = await rows<{ balance: string | number }>(
        tx,
        sql`UPDATE ledger_accounts SET balance = balance + ${line.amount}
            WHERE id = ${line.accountId} AND (allow_negative OR balance + ${line.amount} >= 0)
            RETURNING balance`,
      );
      if (!updated) throw new ApiError('balance.insufficient', 409);
      await tx.insert(ledgerEntries).values({
        transactionId: txn.id,
        accountId: line.accountId,
        amount: line.amount,
        balanceAfter: Number(updated.balance),
      });
    }
    return txn.id;
  }

  async entries(accountId: number, limit = 20) {
    return this.db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }
}
