/**
 * The kinds of the account record's entries (schemas/api/reports.json transactionType), each with
 * its label and icon, and where an entry's reference leads: the deposit, the withdrawal records
 * or the round it belongs to.
 */
import type { IconName } from '../../components/icons';
import type { TransactionType as ContractType } from '../../generated/api/reports';
import type { TranslationKey } from '../../lib/i18n-keys';
import { href } from '../../lib/routes';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'hold', 'release', 'bet', 'win', 'bonus', 'rebate', 'transfer', 'contract', 'adjustment'] as const satisfies readonly ContractType[];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export function isTransactionType(value: string | null | undefined): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value ?? '');
}

/** The label of each kind (the filter chips and the rows). */
export const TRANSACTION_TYPE_KEYS: Readonly<Record<TransactionType, TranslationKey>> = {
  deposit: 'txn_type_deposit',
  withdrawal: 'txn_type_withdrawal',
  hold: 'txn_type_hold',
  release: 'txn_type_release',
  bet: 'txn_type_bet',
  win: 'txn_type_win',
  bonus: 'txn_type_bonus',
  rebate: 'txn_type_rebate',
  transfer: 'txn_type_transfer',
  contract: 'txn_type_contract',
  adjustment: 'txn_type_adjustment',
};

/** The icon of each kind. */
export const TRANSACTION_TYPE_ICONS: Readonly<Record<TransactionType, IconName>> = {
  deposit: 'deposit',
  withdrawal: 'withdraw',
  hold: 'wallet',
  release: 'refresh',
  bet: 'bet',
  win: 'trophy',
  bonus: 'gift',
  rebate: 'cashback',
  transfer: 'transfer',
  contract: 'salary',
  adjustment: 'settings',
};

/** The account an entry moved: the playable wallet, or the money held for a withdrawal. */
export type LedgerAccount = 'WALLET' | 'HOLD';

export const ACCOUNT_KEYS: Readonly<Record<LedgerAccount, TranslationKey>> = {
  WALLET: 'txn_account_wallet',
  HOLD: 'txn_account_hold',
};

/** Where a reference leads, with the label of the link. */
export interface ReferenceLink {
  to: string;
  label: TranslationKey;
}

const REFERENCE = /^([DWB])([1-9][0-9]{0,15})$/;

/**
 * The page an entry's reference (D<deposit id>, W<withdrawal id>, B<bet id>) is looked at on, or
 * null for a reference of another shape.
 */
export function referenceLink(reference: string | undefined): ReferenceLink | null {
  const m = REFERENCE.exec(reference ?? '');
  if (!m) return null;
  switch (m[1]) {
    case 'D':
      return { to: href('voucherCenter', { deposit: m[2] }), label: 'txn_view_deposit' };
    case 'W':
      return { to: href('withdrawReport'), label: 'txn_view_withdrawals' };
    default:
      return { to: href('gameRecord', { bet: m[2] }), label: 'txn_view_round' };
  }
}
