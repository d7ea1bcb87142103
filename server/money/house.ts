/**
 * The house's balance of each merchant: the sum of its HOUSE sub-accounts (ledger.ts
 * HOUSE_SHARDS), next to the sum of the merchant's other accounts (wallets, holds). Every posting
 * is balanced and stays within its merchant, so the two add up to zero.
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../db/client';

export interface HouseBalance {
  merchantCode: string;
  currency: string;
  /** Minor units: the sum of the house sub-accounts. */
  house: number;
  /** The id of the merchant's first house sub-account in the currency (0: none opened). */
  houseId: number;
  /** How many house sub-accounts the merchant has opened in the currency. */
  subAccounts: number;
  /** Minor units: the sum of the merchant's members' accounts in the currency. */
  members: number;
}

/** The house balance of every merchant and currency (or of one merchant), sub-accounts summed. */
export async function houseBalances(db: Executor, merchantCode?: string): Promise<HouseBalance[]> {
  const found = await rows<{ merchant_code: string; currency: string; house: string | number; house_id: string | number | null; sub_accounts: string | number; members: string | number }>(
    db,
    sql`SELECT merchant_code, currency,
          coalesce(sum(balance) FILTER (WHERE member_id IS NULL AND kind = 'HOUSE'), 0) AS house,
          min(id) FILTER (WHERE member_id IS NULL AND kind = 'HOUSE') AS house_id,
          count(*) FILTER (WHERE member_id IS NULL AND kind = 'HOUSE') AS sub_accounts,
          coalesce(sum(balance) FILTER (WHERE member_id IS NOT NULL), 0) AS members
        FROM ledger_accounts
        ${merchantCode === undefined ? sql`` : sql`WHERE merchant_code = ${merchantCode}`}
        GROUP BY merchant_code, currency ORDER BY merchant_code, currency`,
  );
  return found.map((r) => ({ merchantCode: r.merchant_code, currency: r.currency, house: Number(r.house), houseId: Number(r.house_id ?? 0), subAccounts: Number(r.sub_accounts), members: Number(r.members) }));
}
