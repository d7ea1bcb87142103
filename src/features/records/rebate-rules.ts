/**
 * What the cash-back screens say: the reason an accrued rebate cannot be claimed, with its
 * numbers, a refused claim's message, and the label of each game type.
 */
import { ApiFailure } from '../../lib/api/client';
import type { TranslationKey } from '../../lib/i18n-keys';
import type { AccruedRebate, RebateCategory } from './api/rebates';
import { formatRecordMoney } from './components/format';
import { href } from '../../lib/routes';

/** A message to show: an i18n key and its values. */
export interface RecordsMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** Where the member sees every ledger entry, the claimed rebate and transfers included. */
export const ACCOUNT_RECORD_PATH = href('transactionRecord');

const GAME_TYPE_LABELS: Readonly<Record<RebateCategory['gameType'], TranslationKey>> = {
  RNG: 'cat_RNG',
  FISH: 'cat_FISH',
  LIVE: 'cat_LIVE',
  PVP: 'cat_PVP',
  SPORTS: 'cat_SPORTS',
  ESPORTS: 'cat_ESPORTS',
  COCKFIGHT: 'cat_COCKFIGHT',
  LOTT: 'cat_LOTT',
  ELOTT: 'cat_ELOTT',
};

/** The label of a game type (the catalogue's category names). */
export function gameTypeLabel(gameType: RebateCategory['gameType']): TranslationKey {
  return GAME_TYPE_LABELS[gameType];
}

/** Why the accrued rebate cannot be claimed now, with its numbers; null when it can. */
export function cashBackReason(accrued: AccruedRebate, symbol: string): RecordsMessage | null {
  if (accrued.claimable) return null;
  if (accrued.reason?.code === 'rebate.below.minimum') {
    return { key: 'cash_back_reason_below', params: { total: formatRecordMoney(symbol, accrued.total), min: formatRecordMoney(symbol, accrued.minClaim) } };
  }
  return { key: 'cash_back_reason_nothing' };
}

/** The message of a refused or failed claim: the errorCode's text, with the numbers of a claim below the minimum. */
export function claimFailureMessage(error: unknown, symbol: string): RecordsMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { total?: unknown; minClaim?: unknown };
  if (error.errorCode === 'rebate.below.minimum' && typeof value.total === 'number' && typeof value.minClaim === 'number') {
    return { key: 'cash_back_reason_below', params: { total: formatRecordMoney(symbol, value.total), min: formatRecordMoney(symbol, value.minClaim) } };
  }
  if (error.errorCode === 'rebate.nothing.accrued') return { key: 'cash_back_reason_nothing' };
  return { key: error.messageKey };
}
