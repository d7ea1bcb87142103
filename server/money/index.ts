/**
 * The money kernel: the double-entry ledger (postings, the one lock order, house sub-accounts),
 * the typed list of ledger kinds, and turnover requirements (what a member must still wager).
 * Only the kernel (and the seeders) read or write the ledger tables (tables.ts): the areas read
 * them through the named queries of queries.ts and check them with check.ts.
 */
export { HOUSE_SHARDS, LedgerRepository, houseShardOf, lockMember } from './ledger';
export { LEDGER_KINDS, isLedgerKind, recordTypeOf, type LedgerKind } from './kinds';
export { houseBalances } from './house';
export { checkLedger } from './check';
export {
  LEDGER_TABLES,
  entryPageSql,
  entryTotalsSql,
  ledgerDaysRebuildSql,
  memberAccountIds,
  memberKindSumsSql,
  memberMoneySql,
  walletBalanceSql,
  walletSql,
  walletDepositsSql,
  type LedgerEntryQuery,
} from './queries';
export {
  addRequirement,
  settleTurnover,
  turnoverNumbers,
  turnoverStatus,
  validTurnoverSql,
  waiveTurnover,
  type TurnoverStatus,
} from './turnover';
