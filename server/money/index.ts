/**
 * The money kernel: the double-entry ledger (postings, the one lock order, house sub-accounts),
 * the typed list of ledger kinds, and turnover requirements (what a member must still wager).
 * Only the kernel (and the seeders) write the ledger tables.
 */
export { HOUSE_SHARDS, LedgerRepository, houseShardOf, lockMember } from './ledger';
export { LEDGER_KINDS, isLedgerKind, recordTypeOf, type LedgerKind } from './kinds';
export { houseBalances } from './house';
export {
  addRequirement,
  settleTurnover,
  turnoverNumbers,
  turnoverStatus,
  validTurnoverSql,
  waiveTurnover,
  type TurnoverStatus,
} from './turnover';
