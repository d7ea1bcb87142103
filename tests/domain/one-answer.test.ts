import { describe, expect, it } from 'vitest';
import { percentOf, timesMultiplier } from '../../src/domain/money';
import { previewDeposit, previewWithdrawal } from '../../src/features/wallet';
import { depositFee } from '../../server/modules/wallet/services/deposits';
import { rebateOf, turnoverOf } from '../../server/modules/wallet/services/rebates';
import { rewardTurnover } from '../../server/modules/engagement/services/rewards';
import { feeOf } from '../../server/modules/wallet/services/withdrawals';

/**
 * The two disagreements the money module ended (src/domain/money.ts): every service and screen
 * that takes a percent or applies a multiplier now gives the module's one answer.
 */
describe('one answer, server and client', () => {
  it('a 1.15 multiplier on 50 minor units is 58 for deposits, rebates, rewards and contracts', () => {
    expect(timesMultiplier(50, 1.15)).toBe(58);
    expect(turnoverOf(50, 1.15)).toBe(58);
    expect(rewardTurnover(50, 1.15)).toBe(58);
  });

  it('a 1.15% fee on 3,000 minor units is 35 for deposits and withdrawals, on the server and in the forms', () => {
    expect(percentOf(3000, 1.15)).toBe(35);
    expect(depositFee(3000, { percent: 1.15, fixed: 0 })).toBe(35);
    expect(feeOf({ min: 0, max: 1_000_000, feePercent: 1.15, feeFixed: 0, dailyCount: 1 }, 3000)).toBe(35);
    expect(previewDeposit({ fee: { percent: 1.15, fixed: 0 }, bonusPercent: 1.15 }, 30)).toEqual({ amount: 30, fee: 0.35, bonus: 0.35, total: 30 });
    expect(previewWithdrawal({ feePercent: 1.15, feeFixed: 0 }, 30)).toEqual({ amount: 30, fee: 0.35, deducted: 30.35, received: 30 });
  });

  it('a rebate rate in basis points rounds as a percent does', () => {
    expect(rebateOf(3000, 115)).toBe(35);
  });
});
