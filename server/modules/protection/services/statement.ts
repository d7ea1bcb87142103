/**
 * The member's activity statement (schemas/api/statement.json): per month of the tenant, the
 * credited deposits, paid withdrawals, stakes, wins, net (wins - stakes) and the number of bets.
 * Bets come from bet_days (one row per tenant day), money from the deposits and withdrawals.
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../../db/client';
import { toAmount } from '../../../../src/domain/money';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import type { Tenant } from '../../../../src/generated/tenant';

interface StatementMonth {
  month: string;
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  net: number;
  bets: number;
}

export interface Statement {
  currency: string;
  months: StatementMonth[];
}

/** The `count` months (YYYY-MM) of the tenant ending with the one holding `now`, newest first. */
export function monthsBack(timeZone: string, now: Date, count: number): string[] {
  const today = zoneDate(timeZone, now.getTime());
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const list: string[] = [];
  for (let i = 0; i < count; i++) {
    list.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return list;
}

type Sums = Map<string, number>;
const num = (v: string | number | null | undefined) => Number(v ?? 0);

export async function memberStatement(db: Executor, tenant: Tenant, memberId: number, months: number, now = new Date()): Promise<Statement> {
  const zone = tenantTimeZone(tenant);
  const list = monthsBack(zone, now, months);
  const firstDay = `${list[list.length - 1]}-01`;
  const from = new Date(zoneMidnight(zone, firstDay)).toISOString();
  const byMonth = async (table: 'deposits' | 'withdrawals'): Promise<Sums> => {
    const found = await rows<{ month: string; total: string | number }>(
      db,
      sql`SELECT to_char(created_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month, SUM(amount) AS total
          FROM ${sql.raw(table)} WHERE member_id = ${memberId} AND state = 'paid' AND created_at >= ${from}::timestamptz GROUP BY 1`,
    );
    return new Map(found.map((r) => [r.month, num(r.total)]));
  };
  const deposits = await byMonth('deposits');
  const withdrawals = await byMonth('withdrawals');
  const bets = await rows<{ month: string; stake: string | number; win: string | number; n: string | number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM') AS month, SUM(stake) AS stake, SUM(win) AS win, SUM(bet_count) AS n
        FROM bet_days WHERE member_id = ${memberId} AND day >= ${firstDay}::date GROUP BY 1`,
  );
  const play = new Map(bets.map((r) => [r.month, r]));
  return {
    currency: tenant.settings.currency.code,
    months: list.map((month) => {
      const p = play.get(month);
      const stakes = num(p?.stake);
      const wins = num(p?.win);
      return {
        month,
        deposits: toAmount(deposits.get(month) ?? 0),
        withdrawals: toAmount(withdrawals.get(month) ?? 0),
        stakes: toAmount(stakes),
        wins: toAmount(wins),
        net: toAmount(wins - stakes),
        bets: num(p?.n),
      };
    }),
  };
}

const CSV_HEADER = ['month', 'currency', 'deposits', 'withdrawals', 'stakes', 'wins', 'net', 'bets'];

/** The statement as CSV (RFC 4180, CRLF line ends): a header row, then one row per month. */
export function statementCsv(statement: Statement): string {
  const fixed = (n: number) => n.toFixed(2);
  const lines = [CSV_HEADER.join(',')];
  for (const m of statement.months) {
    lines.push([m.month, statement.currency, fixed(m.deposits), fixed(m.withdrawals), fixed(m.stakes), fixed(m.wins), fixed(m.net), String(m.bets)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
