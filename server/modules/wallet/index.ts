/**
 * The wallet: deposits and the payment gateway, withdrawals and payout accounts, transfers, rebates, turnover requirements and operator balance actions.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { createDeposit, creditDeposit, expireDue, findChannel } from './services/deposits';
export { adjustBalance, checkReason, waiveMemberTurnover } from './services/wallet-actions';
export { feeOf as withdrawalFee, holdNewWithdrawal, presentAccount, settlePendingWithdrawal, withdrawalLimits } from './services/withdrawals';
