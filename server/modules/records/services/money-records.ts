/**
 * The deposit record and the withdrawal record (schemas/api/money-records.json): one member's
 * requests of a range of the tenant's days, newest first, keyset-paged on (created_at, id) so a
 * page is an index range scan however deep the member scrolls, with the range's totals by state.
 * Only rows of the member and of the requesting tenant's merchant are read.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { and, count, desc, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type {
  DepositPage,
  DepositRecord,
  DepositsQuery,
  DepositState,
  StateTotal,
  WithdrawalPage,
  WithdrawalRecord,
  WithdrawalsQuery,
  WithdrawalState,
} from '../../../../src/generated/api/money-records';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor } from '../../../db/client';
import { deposits, payoutAccounts, withdrawals } from '../../../db/schema';
import { afterTimeCursor, epochMicros, timeCursor } from '../../../lib/cursor';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange, type RecordRange } from '../../../lib/record-range';
import { expireDue, findChannel } from '../../wallet';
import { presentAccount } from '../../wallet';

const DEPOSIT_STATES: readonly DepositState[] = ['pending', 'paid', 'rejected', 'expired', 'cancelled'];
const WITHDRAWAL_STATES: readonly WithdrawalState[] = ['pending', 'paid', 'rejected'];

const DEFAULT_PAGE_SIZE = 20;

/** One page of `found` (fetched with one row more than the page) and the cursor of the next. */
function paged<R extends { id: number; micros: string }>(found: R[], pageSize: number): { page: R[]; nextCursor?: string } {
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return found.length > pageSize && last ? { page, nextCursor: timeCursor(last.micros, last.id) } : { page };
}

const asMinor = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const NO_STATE: StateTotal = { count: 0, amount: 0, fee: 0 };

interface StateSums {
  state: string;
  n: number;
  amount: string | null;
  fee: string | null;
}

function stateTotals<S extends string>(states: readonly S[], rows: readonly StateSums[]): Record<S, StateTotal> {
  const totals = Object.fromEntries(states.map((s) => [s, NO_STATE])) as Record<S, StateTotal>;
  for (const r of rows) {
    if (!(states as readonly string[]).includes(r.state)) continue;
    totals[r.state as S] = { count: Number(r.n), amount: toAmount(asMinor(r.amount)), fee: toAmount(asMinor(r.fee)) };
  }
  return totals;
}

interface Scope {
  memberId: number;
  tenant: Tenant;
  range: RecordRange;
}

// ---- Deposits ----

function depositScope({ memberId, tenant, range }: Scope): SQL[] {
  return [eq(deposits.memberId, memberId), eq(deposits.merchantCode, tenant.merchantCode), gte(deposits.createdAt, range.from), lt(deposits.createdAt, range.until)];
}

/** GET deposits: the member's deposits of the range, newest first, and the range's totals by state. */
export async function depositRecords(db: Executor, tenant: Tenant, memberId: number, query: DepositsQuery): Promise<DepositPage> {
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  // A pending deposit past its time is answered (and stored) as expired, as the deposit screens say.
  await expireDue(db, { memberId });
  const scope = depositScope({ memberId, tenant, range });
  const found = await db
    .select({
      id: deposits.id,
      micros: epochMicros(sql`${deposits.createdAt}`),
      channelId: deposits.channelId,
      provider: deposits.provider,
      amount: deposits.amount,
      fee: deposits.fee,
      bonus: deposits.bonus,
      state: deposits.state,
      reference: deposits.reference,
      reason: deposits.reason,
      createdAt: deposits.createdAt,
      expiresAt: deposits.expiresAt,
      decidedAt: deposits.decidedAt,
    })
    .from(deposits)
    .where(and(...scope, query.status ? eq(deposits.state, query.status) : undefined, afterTimeCursor(sql`${deposits.createdAt}`, sql`${deposits.id}`, query.cursor)))
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(pageSize + 1);
  const { page, nextCursor } = paged(found, pageSize);
  const byState = await db
    .select({ state: deposits.state, n: count(), amount: sum(deposits.amount), fee: sum(deposits.fee) })
    .from(deposits)
    .where(and(...scope))
    .groupBy(deposits.state);
  const [paid] = await db
    .select({ credited: sql<string | null>`sum(${deposits.amount} - ${deposits.fee})`, bonus: sum(deposits.bonus) })
    .from(deposits)
    .where(and(...scope, eq(deposits.state, 'paid')));
  const list = page.map((row): DepositRecord => {
    const channel = findChannel(tenant, row.channelId);
    return {
      id: row.id,
      channelId: row.channelId,
      channelName: channel?.name ?? row.channelId,
      channelKind: channel?.kind ?? 'other',
      provider: row.provider,
      amount: toAmount(row.amount),
      fee: toAmount(row.fee),
      credited: toAmount(row.amount - row.fee),
      bonus: toAmount(row.bonus),
      state: row.state,
      ...(row.reference ? { reference: row.reference } : {}),
      ...(row.reason ? { reason: row.reason } : {}),
      createdAt: row.createdAt.toISOString(),
      updatedAt: (row.decidedAt ?? row.createdAt).toISOString(),
      ...(row.decidedAt ? { decidedAt: row.decidedAt.toISOString() } : {}),
      expiresAt: row.expiresAt.toISOString(),
    };
  });
  return {
    list,
    ...(nextCursor ? { nextCursor } : {}),
    totals: {
      count: byState.reduce((n, r) => n + Number(r.n), 0),
      credited: toAmount(asMinor(paid?.credited)),
      bonus: toAmount(asMinor(paid?.bonus)),
      states: stateTotals(DEPOSIT_STATES, byState),
    },
    range: rangeEcho(range),
    currency: tenant.settings.currency.code,
  };
}

// ---- Withdrawals ----

function withdrawalScope({ memberId, tenant, range }: Scope): SQL[] {
  return [eq(withdrawals.memberId, memberId), eq(withdrawals.merchantCode, tenant.merchantCode), gte(withdrawals.createdAt, range.from), lt(withdrawals.createdAt, range.until)];
}

/** GET withdrawals: the member's withdrawals of the range, newest first, with the payout account masked, and the range's totals by state. */
export async function withdrawalRecords(db: Executor, tenant: Tenant, memberId: number, query: WithdrawalsQuery): Promise<WithdrawalPage> {
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const scope = withdrawalScope({ memberId, tenant, range });
  const found = await db
    .select({ id: withdrawals.id, micros: epochMicros(sql`${withdrawals.createdAt}`), w: withdrawals, a: payoutAccounts })
    .from(withdrawals)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .where(and(...scope, query.status ? eq(withdrawals.state, query.status) : undefined, afterTimeCursor(sql`${withdrawals.createdAt}`, sql`${withdrawals.id}`, query.cursor)))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(pageSize + 1);
  const { page, nextCursor } = paged(found, pageSize);
  const byState = await db
    .select({ state: withdrawals.state, n: count(), amount: sum(withdrawals.amount), fee: sum(withdrawals.fee) })
    .from(withdrawals)
    .where(and(...scope))
    .groupBy(withdrawals.state);
  const list = page.map(({ w, a }): WithdrawalRecord => ({
    id: w.id,
    amount: toAmount(w.amount),
    fee: toAmount(w.fee),
    total: toAmount(w.amount + w.fee),
    state: w.state,
    ...(w.reason ? { reason: w.reason } : {}),
    payoutAccount: presentAccount(tenant, a),
    createdAt: w.createdAt.toISOString(),
    updatedAt: (w.decidedAt ?? w.createdAt).toISOString(),
    ...(w.decidedAt ? { decidedAt: w.decidedAt.toISOString() } : {}),
  }));
  return {
    list,
    ...(nextCursor ? { nextCursor } : {}),
    totals: {
      count: byState.reduce((n, r) => n + Number(r.n), 0),
      states: stateTotals(WITHDRAWAL_STATES, byState),
    },
    range: rangeEcho(range),
    currency: tenant.settings.currency.code,
  };
}
