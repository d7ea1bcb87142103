/**
 * Profit and loss (schemas/api/reports.json pnl) over a range of the tenant's days: the member's
 * bets (count, stake, valid turnover, win, net = win - stake) from bet_days, and the sums by kind
 * of the ledger entries of the member's WALLET and HOLD accounts from ledger_days. Both are a row
 * per day (and game or kind), so 30 days cost the same after ten bets or a million.
 * result = net + bonus + rebate + adjustment: what gaming and promotions did to the balance;
 * deposits, withdrawals and transfers are money moved in and out, shown beside it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Pnl, PnlQuery } from '../../src/generated/api/reports';
import type { Tenant } from '../../src/generated/tenant';
import { rows } from '../db/client';
import { toAmount } from '../lib/money';
import { rangeEcho, recordRange } from '../lib/record-range';
import type { MemberRow } from '../repositories/members';
import { betSums } from './records-bets';
import { typeOfKind } from './records-transactions';

/** The ledger side of the member's profit and loss, in minor units. */
export interface LedgerSums {
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

/** Sums of the account record's kinds over the days of the range (both accounts of the member). */
export async function ledgerSums(app: FastifyInstance, memberId: number, days: { start: string; end: string }): Promise<LedgerSums> {
  const found = await rows<{ kind: string; credit: string; debit: string }>(
    app.db.orm,
    sql`SELECT d.kind, sum(d.credit)::text AS credit, sum(d.debit)::text AS debit
        FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id
        WHERE a.member_id = ${memberId} AND d.day >= ${days.start}::date AND d.day <= ${days.end}::date
        GROUP BY d.kind`,
  );
  const sums: LedgerSums = { bonus: 0, rebate: 0, deposit: 0, withdrawal: 0, transferIn: 0, transferOut: 0, adjustment: 0 };
  for (const r of found) {
    const credit = Number(r.credit);
    const debit = Number(r.debit);
    switch (typeOfKind(r.kind)) {
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

/** GET pnl: the member's profit and loss over the range. */
export async function profitAndLoss(app: FastifyInstance, tenant: Tenant, member: MemberRow, query: PnlQuery): Promise<Pnl> {
  const range = recordRange(tenant, query);
  const [bets, ledger] = await Promise.all([betSums(app, member.id, range), ledgerSums(app, member.id, range.days)]);
  const net = bets.win - bets.stake;
  return {
    range: rangeEcho(range),
    betCount: bets.count,
    stake: toAmount(bets.stake),
    validTurnover: toAmount(bets.validTurnover),
    win: toAmount(bets.win),
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
