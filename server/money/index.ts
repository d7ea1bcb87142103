/**
 * The money kernel: the double-entry ledger (postings, the one lock order, house sub-accounts)
 * and the typed list of ledger kinds. Only the kernel (and the seeders) write the ledger tables.
 */
export { HOUSE_SHARDS, LedgerRepository, houseShardOf, lockMember } from './ledger';
export { LEDGER_KINDS, isLedgerKind, recordTypeOf, type LedgerKind } from './kinds';
export { houseBalances } from './house';
