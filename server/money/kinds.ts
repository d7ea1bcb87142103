/**
 * The ledger kinds (ledger_transactions.kind), each with the account-record type it shows as
 * (schemas/api/reports.json transactionType). `post()` takes only these kinds, and the map must
 * name a record type for every one of them (`satisfies`): a new kind cannot be posted until it
 * says how the account record shows it.
 */
import type { TransactionType } from '../../src/generated/api/reports';

export const LEDGER_KINDS = {
  DEPOSIT: 'deposit',
  WITHDRAWAL_HOLD: 'hold',
  WITHDRAWAL_PAID: 'withdrawal',
  WITHDRAWAL_RETURNED: 'release',
  BET: 'bet',
  PAYOUT: 'win',
  // An outside vendor's rollback of a stake (back into the wallet) or of a win (out of it): shown
  // as the bet or win it undoes, with the opposite sign.
  BET_ROLLBACK: 'bet',
  PAYOUT_ROLLBACK: 'win',
  BONUS: 'bonus',
  REBATE: 'rebate',
  TRANSFER: 'transfer',
  // An agent contract's pay (ledger.ts MemberMoves.contractPay).
  CONTRACT: 'contract',
  ADJUSTMENT: 'adjustment',
  TRIAL_CREDIT: 'adjustment',
} as const satisfies Record<string, TransactionType>;

/**
 * Kinds nothing posts any more, with the record type their stored rows keep: WITHDRAW, a
 * withdrawal paid straight out of the wallet, as the demo seed wrote them before its withdrawals
 * went through the withdrawal service (WITHDRAWAL_HOLD, then WITHDRAWAL_PAID).
 */
const RETIRED_KINDS: Readonly<Record<string, TransactionType>> = { WITHDRAW: 'withdrawal' };

/** Every kind a stored row may have, posted today or retired, with its record type. */
export const STORED_KINDS: Readonly<Record<string, TransactionType>> = { ...LEDGER_KINDS, ...RETIRED_KINDS };

/** A kind a posting may have. */
export type LedgerKind = keyof typeof LEDGER_KINDS;

export const isLedgerKind = (kind: string): kind is LedgerKind => Object.hasOwn(LEDGER_KINDS, kind);

/**
 * The record type of a stored kind. Every kind posted today is in LEDGER_KINDS, a retired one in
 * RETIRED_KINDS; a stored row of another kind (written before the list, or by hand) shows as an
 * adjustment.
 */
export const recordTypeOf = (kind: string): TransactionType => (Object.hasOwn(STORED_KINDS, kind) ? STORED_KINDS[kind] : 'adjustment');
