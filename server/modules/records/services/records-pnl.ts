/**
 * Profit and loss (schemas/api/reports.json pnl) over a range of the tenant's days: the member's
 * bets (count, stake, valid turnover, win, net = win - stake) from bet_days, and the sums by kind
 * of the ledger entries of the member's WALLET and HOLD accounts from ledger_days. Both are a row
 * per day (and game or kind), so 30 days cost the same after ten bets or a million.
 * result = net + bonus + rebate + adjustment (with agent contract pay): what gaming and promotions did to the balance;
 * deposits, withdrawals and transfers are money moved in and out, shown beside it.
 */
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Pnl, PnlQuery } from '../../../../src/generated/api/reports';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows } from '../../../db/client';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange } from '../../../lib/record-range';
import { memberKindSumsSql, recordTypeOf } from '../../../money';
import type { MemberRow } from '../../../repositories/members';
import { betSumsQuery } from './records-bets';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The ledger side of the member's profit and loss, in minor units. */
interface LedgerSums {
  bonus: number;
  rebate: number;
  deposit: number;
  /** Paid out (positive). */
  withdrawal: number;
  transferIn: number;
  transferOut: number;
  /** Signed. */
  adjustment: number;
}

/** The ledger side from ledger_days rows summed by kind (both accounts of the member), in minor units. */
function ledgerSumsOf(byKind: readonly { kind: string; credit: number; debit: number }[]): LedgerSums {
  const sums: LedgerSums = { bonus: 0, rebate: 0, deposit: 0, withdrawal: 0, transferIn: 0, transferOut: 0, adjustment: 0 };
  for (const { kind, credit, debit } of byKind) {
    switch (recordTypeOf(kind)) {
      case 'bonus':
        sums.bonus += credit + debit;
        break;
      case 'rebate':
        sums.rebate += credit + debit;
        break;
      case 'deposit':
        sums.deposit += credit + debit;
        break;
      case 'withdrawal':
        // Paid out of the HOLD account (or straight out of the wallet): debits, shown positive.
        sums.withdrawal -= credit + debit;
        break;
      case 'transfer':
        sums.transferIn += credit;
        sums.transferOut -= debit;
        break;
      // Agent contract pay has its own type in the account record; the profit and loss counts it with the adjustments.
      case 'contract':
      case 'adjustment':
        sums.adjustment += credit + debit;
        break;
      default:
        // bet and win are the bets' (bet_days); hold and release move money between the member's own accounts.
        break;
    }
  }
  return sums;
}

/** GET pnl: the member's profit and loss over the range, in one statement (bet_days and ledger_days). */
export async function profitAndLoss(platform: Platform, tenant: Tenant, member: MemberRow, query: PnlQuery): Promise<Pnl> {
  const range = recordRange(tenant, query);
  const [found] = await rows<{ count: string | null; stake: string | null; valid: string | null; win: string | null; kinds: string | { kind: string; credit: string; debit: string }[] | null }>(
    platform.db.orm,
    sql`SELECT b.*, (
          SELECT json_agg(json_build_object('kind', k.kind, 'credit', k.credit::text, 'debit', k.debit::text))
          FROM (${memberKindSumsSql(member.id, range.days)}) k
        ) AS kinds
        FROM (${betSumsQuery(member.id, range.days)}) b`,
  );
  // node-postgres parses json; PGlite may hand it over as text.
  const kinds = typeof found?.kinds === 'string' ? (JSON.parse(found.kinds) as { kind: string; credit: string; debit: string }[]) : (found?.kinds ?? []);
  const ledger = ledgerSumsOf(kinds.map((k) => ({ kind: k.kind, credit: Number(k.credit), debit: Number(k.debit) })));
  const stake = num(found?.stake);
  const win = num(found?.win);
  const net = win - stake;
  return {
    range: rangeEcho(range),
    betCount: num(found?.count),
    stake: toAmount(stake),
    validTurnover: toAmount(num(found?.valid)),
    win: toAmount(win),
    net: toAmount(net),
    bonus: toAmount(ledger.bonus),
    rebate: toAmount(ledger.rebate),
    deposit: toAmount(ledger.deposit),
    withdrawal: toAmount(ledger.withdrawal),
    transferIn: toAmount(ledger.transferIn),
    transferOut: toAmount(ledger.transferOut),
    adjustment: toAmount(ledger.adjustment),
    result: toAmount(net + ledger.bonus + ledger.rebate + ledger.adjustment),
  };
}
