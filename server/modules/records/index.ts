/**
 * Records: the member's account, betting, profit-and-loss, deposit and withdrawal records and their day aggregates.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { onRawTx, rebuildRecordDays, tenantZones } from './services/records-aggregates';
export { categoryFilter, categoryOf } from './services/records-bets';
export { SEED_DAYS, seedRecords } from './services/records-seed';
