/**
 * `ops ledger check`: the ledger's invariants, each as one query.
 *  - every transaction's entries sum to zero and it has at least two;
 *  - every account's balance equals the sum of its entries, and its newest entry's balance_after;
 *  - no account that may not go negative is below zero;
 *  - each merchant's house (the sum of its sub-accounts, houseBalances) balances its
 *    members' accounts: the two add up to zero.
 * Answers the problems found (empty: clean).
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../db/client';
import { houseBalances } from './house';

export interface LedgerProblem {
  kind: 'unbalanced-transaction' | 'balance-mismatch' | 'negative-balance' | 'balance-after-mismatch' | 'house-mismatch';
  /** The transaction's or account's id; for a house-mismatch, the merchant's first house sub-account. */
  id: number;
  detail: string;
}

export async function checkLedger(db: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await rows<{ id: string | number; total: string | number; lines: string | number }>(
    db,
    sql`SELECT t.id, coalesce(sum(e.amount), 0) AS total, count(e.id) AS lines
        FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.id) < 2`,
  );
  for (const r of unbalanced) {
    problems.push({ kind: 'unbalanced-transaction', id: Number(r.id), detail: `entries sum to ${r.total} over ${r.lines} line(s)` });
  }
  const mismatched = await rows<{ id: string | number; balance: string | number; total: string | number }>(
    db,
    sql`SELECT a.id, a.balance, coalesce(sum(e.amount), 0) AS total
        FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const r of mismatched) {
    problems.push({ kind: 'balance-mismatch', id: Number(r.id), detail: `balance ${r.balance} but entries sum to ${r.total}` });
  }
  const after = await rows<{ id: string | number; balance: string | number; balance_after: string | number }>(
    db,
    sql`SELECT a.id, a.balance, last.balance_after
        FROM ledger_accounts a
        JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) last ON true
        WHERE last.balance_after <> a.balance`,
  );
  for (const r of after) {
    problems.push({ kind: 'balance-after-mismatch', id: Number(r.id), detail: `balance ${r.balance} but the last entry left ${r.balance_after}` });
  }
  const negative = await rows<{ id: string | number; balance: string | number }>(
    db,
    sql`SELECT id, balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0`,
  );
  for (const r of negative) problems.push({ kind: 'negative-balance', id: Number(r.id), detail: `balance ${r.balance}` });
  for (const h of await houseBalances(db)) {
    if (h.house + h.members !== 0) {
      problems.push({
        kind: 'house-mismatch',
        id: h.houseId,
        detail: `merchant ${h.merchantCode} ${h.currency}: house ${h.house} over ${h.subAccounts} sub-account(s) but members' accounts hold ${h.members}`,
      });
    }
  }
  return problems;
}
