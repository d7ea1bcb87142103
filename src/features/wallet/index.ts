// The public face of the wallet area: other areas, widgets and the app shell import from here only.
export * from './api/wallet';
export * from './api/deposits';
export * from './deposit-rules';
export * from './api/withdrawals';
export * from './withdraw-rules';
export * from './api/payout-accounts';
export * from './api/identity';
export * from './security-rules';
