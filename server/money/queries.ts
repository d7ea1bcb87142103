/**
 * The ledger's reads for the records screens, the VIP totals and the records' rebuild. Each is a
 * named statement or a fragment the caller's one statement takes in (the records stay one round
 * trip and keep their plans): the members' ledger accounts, a page of an account record with its
 * totals, ledger_days summed by kind, member or deposit, a wallet's balance, and the rebuild of
 * ledger_days. Amounts are minor units. Only the kernel (and the seeders) name the ledger tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransactionType } from '../../src/generated/api/reports';
import { DEFAULT_TIME_ZONE } from '../../src/lib/app-config';
import { rows, type Executor } from '../db/client';
import { epochMicros, newerThan, type TimeKey } from '../lib/cursor';
import type { RecordRange } from '../lib/record-range';
import { STORED_KINDS } from './kinds';

/** The ledger's tables, for ANALYZE after a bulk write (housekeeping, the seeders). */
export const LEDGER_TABLES = ['ledger_entries', 'ledger_transactions', 'ledger_days', 'ledger_accounts'] as const;

/** A range of the tenant's days (inclusive), as the records count them. */
interface DayRange {
  start: string;
  end: string;
}

/**
 * The stored kinds of `type` (STORED_KINDS) as a condition on `column`; adjustment also takes
 * every stored kind the list does not name (recordTypeOf).
 */
function kindFilter(type: TransactionType, column: SQL): SQL {
  const kinds = (match: (t: TransactionType) => boolean) =>
    sql.join(
      Object.entries<TransactionType>(STORED_KINDS)
        .filter(([, t]) => match(t))
        .map(([kind]) => sql`${kind}`),
      sql`, `,
    );
  return type === 'adjustment' ? sql`${column} NOT IN (${kinds((t) => t !== 'adjustment')})` : sql`${column} IN (${kinds((t) => t === type)})`;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** Entries of the range newer than the cursor's row (the whole range on the first page). */
const inPage = (range: RecordRange, after: TimeKey | undefined) => sql`e.created_at >= ${at(range.from)} AND ${newerThan(sql`e.created_at`, sql`e.id`, range.until, after)}`;
const inDays = (days: DayRange, alias: SQL) => sql`${alias}.day >= ${days.start}::date AND ${alias}.day <= ${days.end}::date`;

/** The member's own ledger accounts (WALLET, HOLD), in id order. */
export async function memberAccountIds(db: Executor, memberId: number): Promise<number[]> {
  const found = await rows<{ id: string | number }>(db, sql`SELECT id FROM ledger_accounts WHERE member_id = ${memberId} ORDER BY id`);
  return found.map((a) => Number(a.id));
}

export interface LedgerEntryQuery {
  memberId: number;
  /**
   * The member's accounts (memberAccountIds), as literal ids: the planner then knows from its
   * statistics how many entries an account has, and reads a busy one's page off the index in order.
   */
  accountIds: readonly number[];
  range: RecordRange;
  type?: TransactionType;
  /** A query of the member ids of the downline whose transfers join the record (none: the member's own entries only). */
  team?: SQL;
}

/**
 * One page of entries (`limit` rows) after the cursor's row, newest first: an ordered branch
 * per own account (WALLET, HOLD) and one for the team's transfers, each at most a page read off
 * its index, merged; with each transfer's other member (unmasked: the caller masks it).
 */
export function entryPageSql(input: LedgerEntryQuery & { after?: TimeKey; limit: number }): SQL {
  const { range, after, limit } = input;
  // The kind is looked up per entry read (a subplan, never a scan of all postings of a kind).
  const kind = input.type === undefined ? undefined : kindFilter(input.type, sql`(SELECT t.kind FROM ledger_transactions t WHERE t.id = e.transaction_id)`);
  const where = (...conditions: (SQL | undefined)[]) => sql.join(conditions.filter((c): c is SQL => c !== undefined), sql` AND `);
  const branches: SQL[] = input.accountIds.map(
    (accountId) => sql`(SELECT e.id, e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at, NULL::bigint AS member_id
      FROM ledger_entries e
      WHERE ${where(sql`e.account_id = ${accountId}`, inPage(range, after), kind)}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit})`,
  );
  if (input.team) {
    branches.push(sql`(SELECT e.id, e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at, a.member_id
      FROM transfers tr
      JOIN ledger_entries e ON e.transaction_id = tr.transaction_id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'WALLET'
      WHERE ${where(
        sql`(tr.from_member_id IN (SELECT id FROM team) OR tr.to_member_id IN (SELECT id FROM team))`,
        sql`a.member_id IN (SELECT id FROM team)`,
        inPage(range, after),
      )}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit})`);
  }
  // No account and no team: a page of nothing, in the page's shape.
  if (branches.length === 0) branches.push(sql`(SELECT NULL::bigint AS id, NULL::bigint AS transaction_id, NULL::bigint AS account_id, NULL::bigint AS amount,
      NULL::bigint AS balance_after, NULL::timestamptz AS created_at, NULL::bigint AS member_id WHERE false)`);
  const prefix = input.team ? sql`WITH team AS (${input.team}) ` : sql``;
  return sql`${prefix}SELECT x.id, x.transaction_id, x.amount, x.balance_after, ${epochMicros(sql`x.created_at`)} AS micros, x.created_at,
      t.kind, t.reference, a.kind AS account, m.username AS member,
      CASE WHEN t.kind = 'TRANSFER' THEN (
        SELECT CASE WHEN tr.from_member_id = a.member_id THEN tu.username ELSE tf.username END
        FROM transfers tr JOIN members tf ON tf.id = tr.from_member_id JOIN members tu ON tu.id = tr.to_member_id
        WHERE tr.transaction_id = x.transaction_id LIMIT 1) END AS counterparty
    FROM (${sql.join(branches, sql` UNION ALL `)}) x
    JOIN ledger_transactions t ON t.id = x.transaction_id
    JOIN ledger_accounts a ON a.id = x.account_id
    LEFT JOIN members m ON m.id = x.member_id
    ORDER BY x.created_at DESC, x.id DESC LIMIT ${limit}`;
}

/** Credits, debits and the number of entries of the whole range with the filters, summed from ledger_days (one row). */
export function entryTotalsSql(input: LedgerEntryQuery): SQL {
  const { memberId, range, type } = input;
  const parts: SQL[] = [
    sql`SELECT d.credit, d.debit, d.entries FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
      WHERE a.member_id = ${memberId} AND ${inDays(range.days, sql`d`)}${type === undefined ? sql`` : sql` AND ${kindFilter(type, sql`d.kind`)}`}`,
  ];
  if (input.team) {
    parts.push(sql`SELECT d.credit, d.debit, d.entries FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id AND a.kind = 'WALLET'
      WHERE a.member_id IN (SELECT id FROM team) AND d.kind = 'TRANSFER' AND ${inDays(range.days, sql`d`)}`);
  }
  return sql`${input.team ? sql`WITH team AS (${input.team}) ` : sql``}SELECT sum(x.credit)::text AS credit, sum(x.debit)::text AS debit, sum(x.entries)::text AS entries
    FROM (${sql.join(parts, sql` UNION ALL `)}) x`;
}

/** The member's credits and debits over the days by posting kind (both its accounts), from ledger_days: rows of kind, credit, debit. */
export function memberKindSumsSql(memberId: number, days: DayRange): SQL {
  return sql`SELECT d.kind, sum(d.credit) AS credit, sum(d.debit) AS debit
                FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
                WHERE a.member_id = ${memberId} AND d.day >= ${days.start}::date AND d.day <= ${days.end}::date
                GROUP BY d.kind`;
}

/**
 * Deposits and withdrawals (paid out, positive) over the days per member of `memberIds` (a query
 * of ids), from ledger_days: rows of member_id, deposit, withdrawal.
 */
export function memberMoneySql(memberIds: SQL, days: DayRange): SQL {
  return sql`SELECT a.member_id,
                coalesce(sum(d.credit + d.debit) FILTER (WHERE ${kindFilter('deposit', sql`d.kind`)}), 0) AS deposit,
                -coalesce(sum(d.credit + d.debit) FILTER (WHERE ${kindFilter('withdrawal', sql`d.kind`)}), 0) AS withdrawal
              FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
              WHERE a.member_id IN (${memberIds}) AND ${inDays(days, sql`d`)}
                AND (${kindFilter('deposit', sql`d.kind`)} OR ${kindFilter('withdrawal', sql`d.kind`)})
              GROUP BY a.member_id`;
}

/** The wallet (id, balance in minor units, currency; null without one) of the member `memberId` names: a scalar subquery. */
export const walletSql = (memberId: SQL): SQL<{ id: number; balance: number; currency: string } | null> =>
  sql`(SELECT json_build_object('id', w.id, 'balance', w.balance, 'currency', w.currency) FROM ledger_accounts w WHERE w.member_id = ${memberId} AND w.kind = 'WALLET')`;

/** The balance (text) of the wallet of the member `memberId` names (a column or a value): a scalar subquery. */
export const walletBalanceSql = (memberId: SQL): SQL => sql`(SELECT w.balance::text FROM ledger_accounts w WHERE w.member_id = ${memberId} AND w.kind = 'WALLET')`;

/** What DEPOSIT postings credited to the member's wallet, ever, from ledger_days: a scalar subquery. */
export const walletDepositsSql = (memberId: number): SQL => sql`(SELECT sum(d.credit) FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
            WHERE a.member_id = ${memberId} AND a.kind = 'WALLET' AND d.kind = 'DEPOSIT')`;

/**
 * The statements that recompute ledger_days from the entries of the merchants `inScope` accepts
 * (a condition on a merchant code column), each day in its merchant's zone of `zoneTable`
 * (merchant_code, time_zone; a merchant it does not name: the default zone):
 *  - lock: the merchants' ledger accounts, in id order as postings lock them;
 *  - clear: their ledger_days;
 *  - fill: ledger_days again, answering the rows written (days) and the entries they sum.
 */
export function ledgerDaysRebuildSql(zoneTable: SQL, inScope: (column: SQL) => SQL): { lock: SQL; clear: SQL; fill: SQL } {
  return {
    lock: sql`SELECT count(*) FROM (SELECT id FROM ledger_accounts WHERE ${inScope(sql`merchant_code`)} ORDER BY id FOR UPDATE) locked`,
    clear: sql`DELETE FROM ledger_days d USING ledger_accounts a WHERE a.id = d.account_id AND ${inScope(sql`a.merchant_code`)}`,
    fill: sql`WITH z AS ${zoneTable}, written AS (
      INSERT INTO ledger_days (account_id, day, kind, credit, debit, entries)
      SELECT e.account_id, (e.created_at AT TIME ZONE coalesce(z.time_zone, ${DEFAULT_TIME_ZONE}))::date, t.kind,
             coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0), coalesce(sum(e.amount) FILTER (WHERE e.amount < 0), 0), count(*)
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
      JOIN ledger_transactions t ON t.id = e.transaction_id
      LEFT JOIN z ON z.merchant_code = a.merchant_code
      WHERE ${inScope(sql`a.merchant_code`)}
      GROUP BY 1, 2, 3
      RETURNING entries)
    SELECT count(*) AS days, sum(entries) AS entries FROM written`,
  };
}
