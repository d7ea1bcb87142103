// The public face of the records area: the kit every records screen is built from (date range,
// keyset list, detail sheet, totals, states), and the records screens' own API hooks.
export { formatRecordMoney, formatRecordTime, formatSignedMoney, toneOf } from './components/format';
export { RangeBar, rangeQuery, type RangeValue, TODAY_RANGE } from './components/range-bar';
export { useRecordList } from './components/use-record-list';
export { RecordListView, RecordRow, RecordsError, RecordsSkeleton, StateBadge } from './components/record-states';
export { DetailRows, RecordSheet } from './components/record-sheet';
export { type TotalItem, TotalsStrip } from './components/totals-strip';
export { BetCategoryChips, betCategoryName, BetRow } from './components/bet-parts';
export { ResultCard } from './components/result-card';
export { type AccruedRebate, claimRebate, newRebateKey, REBATE_REPORT_ENDPOINT, type RebateClaim, type RebateReport, type RebateReportRow, useAccruedRebate, useRevalidateRebates } from './api/rebates';
export { createUplineTransfer, newTransferKey, type UplineTransfer, type UplineTransferResult, useRevalidateUplineTransfer, useUplineTransfer } from './api/transfers';
export { ACCOUNT_RECORD_PATH, cashBackReason, claimFailureMessage, gameTypeLabel, type RecordsMessage } from './rebate-rules';
export { checkTransferAmount, checkTransferPassword, parseTransferAmount, transferFailureMessage, transferOwesTurnover, transferReasonAction, transferReasonMessage } from './transfer-rules';
// Account record, betting record, profit and loss.
export { type Transaction, type TransactionPage, TRANSACTIONS_ENDPOINT, type TransactionsQuery } from './api/transactions';
export { type Bet, type BetPage, BETS_ENDPOINT, type BetsQuery } from './api/bets';
export { type BetDetail, useBetDetail } from './api/bet-detail';
export { type Pnl, usePnl } from './api/pnl';
export { ACCOUNT_KEYS, isTransactionType, referenceLink, TRANSACTION_TYPE_ICONS, TRANSACTION_TYPE_KEYS, TRANSACTION_TYPES } from './transaction-types';
export { isSlotSymbol, SLOT_SYMBOL_KEYS, SLOT_SYMBOL_TEXT, slotRound, type SlotRound } from './slot-round';
export { betCategories } from './bet-categories';
export { periodMessage, pnlSections, pnlSentence } from './pnl-summary';
export { idOfSearch, isAgentType, rangeOfSearch, recordsPath, withParam, withRange } from './record-search';
export { useRecordSearch } from './use-record-search';
// Deposit record, withdrawal record.
export { DEPOSIT_RECORDS_ENDPOINT, type DepositPage, type DepositRecord, type DepositsQuery } from './api/deposits';
export { WITHDRAWAL_RECORDS_ENDPOINT, type WithdrawalPage, type WithdrawalRecord, type WithdrawalsQuery } from './api/withdrawals';
export { DEPOSIT_RECORD_STATES, DEPOSIT_STATE_KEYS, DEPOSIT_STATE_TONES, depositOutcome, depositRowHint, isDepositRecordState, isWithdrawalRecordState, payoutAccountLabel, type StateNote, WITHDRAWAL_RECORD_STATES, WITHDRAWAL_STATE_KEYS, WITHDRAWAL_STATE_TONES, withdrawalOutcome, withdrawalRowHint } from './money-states';
