/**
 * Player protection: limits, time-outs and self-exclusions, the reality check and the activity statement.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { assertNotExcluded, excludedError, excludedInMerchant, exclusionOfToken } from './services/exclusions';
export { enforceBetLimits, enforceDepositLimit, sessionLimitReached, sessionOver } from './services/player-limits';
export { assertRealityNotDue } from './services/reality-check';
