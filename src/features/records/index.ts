// The public face of the records area: the kit every records screen is built from (date range,
// keyset list, detail sheet, totals, states), and the records screens' own API hooks.
export * from './components/format';
export * from './components/range-bar';
export * from './components/use-record-list';
export * from './components/record-states';
export * from './components/record-sheet';
export * from './components/totals-strip';
export * from './components/bet-parts';
export * from './components/result-card';
export * from './api/rebates';
export * from './api/transfers';
export * from './rebate-rules';
export * from './transfer-rules';
// Account record, betting record, profit and loss.
export * from './api/transactions';
export * from './api/bets';
export * from './api/bet-detail';
export * from './api/pnl';
export * from './transaction-types';
export * from './slot-round';
export * from './bet-categories';
export * from './pnl-summary';
export * from './record-search';
export * from './use-record-search';
// Deposit record, withdrawal record.
export * from './api/deposits';
export * from './api/withdrawals';
export * from './money-states';
