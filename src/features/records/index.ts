// The public face of the records area: the kit every records screen is built from (date range,
// keyset list, detail sheet, totals, states), and the records screens' own API hooks.
export { formatRecordMoney, formatRecordTime, formatSignedMoney, toneOf } from './components/format';
export { RANGE_CHOICES, RANGE_PROBLEM_KEY, RangeBar, type RangeBarProps, rangeQuery, type RangeValue, TODAY_RANGE } from './components/range-bar';
export { type RecordList, type RecordListOptions, type RecordPage, type RecordQuery, type RowOf, useRecordList } from './components/use-record-list';
export { type BadgeTone, RecordListFooter, RecordListView, type RecordListViewProps, RecordRow, type RecordRowProps, RecordsEmpty, RecordsError, RecordsSkeleton, StateBadge } from './components/record-states';
export { type DetailRow, DetailRows, RecordSheet, type RecordSheetProps } from './components/record-sheet';
export { type TotalItem, TotalsStrip } from './components/totals-strip';
export { BetCategoryChips, betCategoryName, BetRow } from './components/bet-parts';
export { ResultCard } from './components/result-card';
export { type AccruedRebate, claimRebate, newRebateKey, REBATE_ACCRUED_ENDPOINT, REBATE_REPORT_ENDPOINT, type RebateCategory, type RebateClaim, type RebateReason, type RebateReport, type RebateReportRow, useAccruedRebate, useRevalidateRebates } from './api/rebates';
export { createUplineTransfer, newTransferKey, UPLINE_TRANSFER_ENDPOINT, type UplineTransfer, type UplineTransferBody, type UplineTransferReason, type UplineTransferResult, useRevalidateUplineTransfer, useUplineTransfer } from './api/transfers';
export { ACCOUNT_RECORD_PATH, cashBackReason, claimFailureMessage, gameTypeLabel, REBATE_REPORT_PATH, type RecordsMessage } from './rebate-rules';
export { checkTransferAmount, checkTransferPassword, parseTransferAmount, PAYMENT_PASSWORD_VIEW, transferFailureMessage, transferOwesTurnover, transferReasonAction, transferReasonMessage } from './transfer-rules';
// Account record, betting record, profit and loss.
export { type Transaction, type TransactionPage, TRANSACTIONS_ENDPOINT, type TransactionsQuery } from './api/transactions';
export { type Bet, type BetPage, BETS_ENDPOINT, type BetsQuery } from './api/bets';
export { BET_DETAIL_ENDPOINT, type BetDetail, type BetDetailKey, type BetOutcome, getBetDetail, type SlotLine, useBetDetail } from './api/bet-detail';
export { getPnl, type Pnl, PNL_ENDPOINT, type PnlQuery, usePnl } from './api/pnl';
export { ACCOUNT_KEYS, isTransactionType, type LedgerAccount, referenceLink, type ReferenceLink, TRANSACTION_TYPE_ICONS, TRANSACTION_TYPE_KEYS, TRANSACTION_TYPES, type TransactionType } from './transaction-types';
export { isSlotSymbol, PAYLINE_ROW, SLOT_SYMBOL_KEYS, SLOT_SYMBOL_TEXT, SLOT_SYMBOLS, type SlotCell, slotRound, type SlotRound, type SlotSymbol } from './slot-round';
export { betCategories } from './bet-categories';
export { periodMessage, type PnlCard, type PnlFigures, type PnlMessage, type PnlPeriod, type PnlSection, pnlSections, pnlSentence } from './pnl-summary';
export { idOfSearch, isAgentType, NON_AGENT_TYPES, rangeOfSearch, recordsPath, type SearchRange, withParam, withRange } from './record-search';
export { type RecordSearch, useRecordSearch } from './use-record-search';
// Deposit record, withdrawal record.
export { DEPOSIT_RECORDS_ENDPOINT, type DepositPage, type DepositRecord, type DepositRecordState, type DepositsQuery } from './api/deposits';
export { WITHDRAWAL_RECORDS_ENDPOINT, type WithdrawalPage, type WithdrawalRecord, type WithdrawalRecordState, type WithdrawalsQuery } from './api/withdrawals';
export { DEPOSIT_RECORD_STATES, DEPOSIT_STATE_KEYS, DEPOSIT_STATE_TONES, type DepositAction, depositOutcome, depositRowHint, isDepositRecordState, isWithdrawalRecordState, payoutAccountLabel, type StateNote, WITHDRAWAL_RECORD_STATES, WITHDRAWAL_STATE_KEYS, WITHDRAWAL_STATE_TONES, withdrawalOutcome, withdrawalRowHint } from './money-states';
