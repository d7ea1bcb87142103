/**
 * The account record (schemas/api/reports.json transactions): every ledger entry of the member's
 * WALLET and HOLD accounts in a range of the tenant's days, newest first (created_at, id), with
 * the balance the entry left (stored with the entry by the ledger). An agent may add the
 * transfers of its downline at any depth (types=A), each naming its member.
 *
 * The page is a merge of one ordered branch per account (and one for the team's transfers), each
 * an index range scan of at most a page: the cost of a page does not grow with the member's
 * history. Totals over the whole range come from ledger_days, a row per account, day and kind. The
 * statements are the money kernel's (server/money/queries.ts).
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Transaction, TransactionPage, TransactionsQuery, TransactionType } from '../../../../src/generated/api/reports';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows } from '../../../db/client';
import { ApiError } from '../../../errors';
import { decodeTimeCursor, timeCursor, type TimeKey } from '../../../lib/cursor';
import { maskName } from '../../../lib/games-catalogue';
import { entryPageSql, entryTotalsSql, memberAccountIds, recordTypeOf, type LedgerEntryQuery } from '../../../money';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange, type RecordRange } from '../../../lib/record-range';
import type { MemberRow } from '../../../repositories/members';
import { teamIdsSql } from '../../account';

/** Member types that are not agents (spec section 6): no team, so no team records. */
import { isAgentType } from '../../../../src/domain/member-types';

/** The agent's downline at any depth, in the agent's merchant, from the team tree (services/team.ts). */
const teamIds = (member: MemberRow) => sql`SELECT descendant_id AS id FROM ${teamIdsSql(member)} AS team_ids`;

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
export const accountsOf = (platform: Platform, memberId: number): Promise<number[]> => memberAccountIds(platform.db.orm, memberId);

export interface EntryQueryInput {
  member: MemberRow;
  /** The member's accounts (accountsOf), as literal ids (money kernel entryPageSql). */
  accountIds: readonly number[];
  range: RecordRange;
  type?: TransactionType;
  /** Add the transfers of the member's downline. */
  withTeam: boolean;
}

const kernelInput = (input: EntryQueryInput): LedgerEntryQuery => ({
  memberId: input.member.id,
  accountIds: input.accountIds,
  range: input.range,
  type: input.type,
  ...(input.withTeam ? { team: teamIds(input.member) } : {}),
});

/** One page of the member's account record (`limit` rows) after the cursor's row, newest first (money kernel entryPageSql). */
export const entryPageQuery = (input: EntryQueryInput & { after?: TimeKey; limit: number }): SQL =>
  entryPageSql({ ...kernelInput(input), after: input.after, limit: input.limit });

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
        FROM (${entryTotalsSql(kernelInput(input))}) s LEFT JOIN (${entryPageQuery({ ...input, after, limit: pageSize + 1 })}) p ON true
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
