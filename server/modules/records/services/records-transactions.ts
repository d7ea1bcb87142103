/**
 * The account record (schemas/api/reports.json transactions): every ledger entry of the member's
 * WALLET and HOLD accounts in a range of the tenant's days, newest first (created_at, id), with
 * the balance the entry left (stored with the entry by the ledger). An agent may add the
 * transfers of its downline at any depth (types=A), each naming its member.
 *
 * The page is a merge of one ordered branch per account (and one for the team's transfers), each
 * an index range scan of at most a page: the cost of a page does not grow with the member's
 * history. Totals over the whole range come from ledger_days, a row per account, day and kind.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Transaction, TransactionPage, TransactionsQuery, TransactionType } from '../../../../src/generated/api/reports';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows } from '../../../db/client';
import { ApiError } from '../../../errors';
import { decodeTimeCursor, epochMicros, newerThan, timeCursor, type TimeKey } from '../../../lib/cursor';
import { maskName } from '../../../lib/games-catalogue';
import { LEDGER_KINDS, recordTypeOf } from '../../../money';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange, type RecordRange } from '../../../lib/record-range';
import type { MemberRow } from '../../../repositories/members';
import { teamIdsSql } from '../../account';

/**
 * The kinds of `type` (the money kernel's LEDGER_KINDS) as a condition on `column`; adjustment also
 * takes every stored kind the list does not name (recordTypeOf).
 */
export function kindFilter(type: TransactionType, column: SQL): SQL {
  const kinds = (match: (t: TransactionType) => boolean) =>
    sql.join(
      Object.entries<TransactionType>(LEDGER_KINDS)
        .filter(([, t]) => match(t))
        .map(([kind]) => sql`${kind}`),
      sql`, `,
    );
  return type === 'adjustment' ? sql`${column} NOT IN (${kinds((t) => t !== 'adjustment')})` : sql`${column} IN (${kinds((t) => t === type)})`;
}

/** Member types that are not agents (spec section 6): no team, so no team records. */
import { isAgentType } from '../../../../src/domain/member-types';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** Entries of the range newer than the cursor's row (the whole range on the first page). */
const inPage = (range: RecordRange, after: TimeKey | undefined) => sql`e.created_at >= ${at(range.from)} AND ${newerThan(sql`e.created_at`, sql`e.id`, range.until, after)}`;
const inDays = (range: RecordRange, alias: SQL) => sql`${alias}.day >= ${range.days.start}::date AND ${alias}.day <= ${range.days.end}::date`;

/** The agent's downline at any depth, in the agent's merchant, from the team tree (services/team.ts). */
const teamCte = (member: MemberRow) => sql`team AS (SELECT descendant_id AS id FROM ${teamIdsSql(member)} AS team_ids)`;

interface EntryRow {
  id: string | number | null;
  transaction_id: string | number;
  amount: string | number;
  balance_after: string | number;
  micros: string;
  created_at: Date | string;
  kind: string;
  reference: string | null;
  account: string;
  member: string | null;
  counterparty: string | null;
  total_credit: string | null;
  total_debit: string | null;
  total_entries: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The member's own ledger accounts (WALLET, HOLD), in id order. */
export async function accountsOf(platform: Platform, memberId: number): Promise<number[]> {
  const found = await rows<{ id: string | number }>(platform.db.orm, sql`SELECT id FROM ledger_accounts WHERE member_id = ${memberId} ORDER BY id`);
  return found.map((a) => Number(a.id));
}

export interface EntryQueryInput {
  member: MemberRow;
  /**
   * The member's accounts (accountsOf), as literal ids: the planner then knows from its
   * statistics how many entries an account has, and reads a busy one's page off the index in order.
   */
  accountIds: readonly number[];
  range: RecordRange;
  type?: TransactionType;
  /** Add the transfers of the member's downline. */
  withTeam: boolean;
}

/**
 * One page of entries (`limit` rows) after the cursor's row, newest first: an ordered branch
 * per own account (WALLET, HOLD) and one for the team's transfers, each at most a page read off
 * its index, merged; with each transfer's other member (unmasked: the caller masks it).
 */
export function entryPageQuery(input: EntryQueryInput & { after?: TimeKey; limit: number }): SQL {
  const { member, range, after, limit } = input;
  // The kind is looked up per entry read (a subplan, never a scan of all postings of a kind).
  const kind = input.type === undefined ? undefined : kindFilter(input.type, sql`(SELECT t.kind FROM ledger_transactions t WHERE t.id = e.transaction_id)`);
  const where = (...conditions: (SQL | undefined)[]) => sql.join(conditions.filter((c): c is SQL => c !== undefined), sql` AND `);
  const branches: SQL[] = input.accountIds.map(
    (accountId) => sql`(SELECT e.id, e.transaction_id, e.account_id, e.amount, e.balance_after, e.created_at, NULL::bigint AS member_id
      FROM ledger_entries e
      WHERE ${where(sql`e.account_id = ${accountId}`, inPage(range, after), kind)}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit})`,
  );
  if (input.withTeam) {
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
  const prefix = input.withTeam ? sql`WITH ${teamCte(member)} ` : sql``;
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
function entryTotalsQuery(input: EntryQueryInput): SQL {
  const { member, range, type } = input;
  const parts: SQL[] = [
    sql`SELECT d.credit, d.debit, d.entries FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
      WHERE a.member_id = ${member.id} AND ${inDays(range, sql`d`)}${type === undefined ? sql`` : sql` AND ${kindFilter(type, sql`d.kind`)}`}`,
  ];
  if (input.withTeam) {
    parts.push(sql`SELECT d.credit, d.debit, d.entries FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id AND a.kind = 'WALLET'
      WHERE a.member_id IN (SELECT id FROM team) AND d.kind = 'TRANSFER' AND ${inDays(range, sql`d`)}`);
  }
  return sql`${input.withTeam ? sql`WITH ${teamCte(member)} ` : sql``}SELECT sum(x.credit)::text AS credit, sum(x.debit)::text AS debit, sum(x.entries)::text AS entries
    FROM (${sql.join(parts, sql` UNION ALL `)}) x`;
}

/** GET transactions: one page of the member's account record with the totals of the range, in one statement. */
export async function transactionRecords(platform: Platform, tenant: Tenant, member: MemberRow, query: TransactionsQuery): Promise<TransactionPage> {
  const range = recordRange(tenant, query);
  const team = query.types === 'A';
  if (team && !isAgentType(member.type)) throw new ApiError('agent.required', 403);
  const pageSize = query.pageSize ?? 20;
  // Decoded before any query: a bad cursor is a 400 on /cursor.
  const after = decodeTimeCursor(query.cursor);
  const accountIds = await accountsOf(platform, member.id);
  const input: EntryQueryInput = { member, accountIds, range, type: query.type, withTeam: team && (query.type === undefined || query.type === 'transfer') };
  // The totals' one row, and the page's rows beside it (none: one row of NULLs).
  const found = await rows<EntryRow>(
    platform.db.orm,
    sql`SELECT p.*, s.credit AS total_credit, s.debit AS total_debit, s.entries AS total_entries
        FROM (${entryTotalsQuery(input)}) s LEFT JOIN (${entryPageQuery({ ...input, after, limit: pageSize + 1 })}) p ON true
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  const entries = found.filter((r) => r.id !== null);
  const page = entries.slice(0, pageSize);
  const last = page.at(-1);
  const sums = found[0];
  return {
    list: page.map(
      (r): Transaction => ({
        id: Number(r.id),
        transactionId: Number(r.transaction_id),
        type: recordTypeOf(r.kind),
        amount: toAmount(Number(r.amount)),
        balanceAfter: toAmount(Number(r.balance_after)),
        account: r.account === 'HOLD' ? 'HOLD' : 'WALLET',
        createdAt: iso(r.created_at),
        ...(r.reference ? { reference: r.reference } : {}),
        ...(r.counterparty ? { counterparty: maskName(r.counterparty) } : {}),
        ...(r.member ? { member: r.member } : {}),
      }),
    ),
    ...(entries.length > pageSize && last ? { nextCursor: timeCursor(last.micros, last.id!) } : {}),
    totals: { credit: toAmount(num(sums?.total_credit)), debit: toAmount(num(sums?.total_debit)), count: num(sums?.total_entries) },
    range: rangeEcho(range),
  };
}
