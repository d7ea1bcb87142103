/**
 * `rewards grant`: an operator grants a member a reward that waits in the reward centre until
 * the member claims it or it expires (server/modules/engagement/services/rewards.ts), with its audit row.
 */
import { toMinor } from '../../../../src/domain/money';
import { grantOperatorReward } from '../services/rewards';
import { emit, formatMinor, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';
import { checkReason } from '../../wallet';

const AMOUNT = /^[0-9]{1,13}(\.[0-9]{1,2})?$/;
const MULTIPLIER = /^[0-9]{1,2}(\.[0-9]{1,2})?$/;

export const verbs: OpsVerb[] = [
  {
    words: ['rewards', 'grant'],
    usage: 'rewards grant <merchant> <username> <amount> --reason "..." [--turnover <multiplier, default 1>] [--days <1-365>]',
    summary: 'grant a member a reward to claim in the reward centre (currency units), paid with amount x turnover to wager',
    async run(ctx, args) {
      const [merchant, username, amountText] = positionals(args, ['merchant', 'username', 'amount']);
      knownOptions(args, ['reason', 'turnover', 'days']);
      if (!AMOUNT.test(amountText) || toMinor(Number(amountText)) <= 0) throw new UsageError(`<amount> must be above zero with at most 2 decimals (got "${amountText}")`);
      const turnoverText = stringOption(args, 'turnover') ?? '1';
      if (!MULTIPLIER.test(turnoverText) || Number(turnoverText) > 50) throw new UsageError(`--turnover must be 0 to 50 with at most 2 decimals (got "${turnoverText}")`);
      const daysText = stringOption(args, 'days');
      if (daysText !== undefined && !/^[1-9][0-9]{0,2}$/.test(daysText)) throw new UsageError(`--days must be 1 to 365 (got "${daysText}")`);
      const reason = checkReason(stringOption(args, 'reason', true));
      const r = await grantOperatorReward(ctx.app, ctx.actor, {
        merchant,
        username,
        amount: toMinor(Number(amountText)),
        turnoverMultiplier: Number(turnoverText),
        ...(daysText !== undefined ? { days: Number(daysText) } : {}),
        reason,
      });
      emit(ctx, r, [`granted reward ${r.rewardId} of ${formatMinor(r.amount)} to ${merchant}/${username} (turnover ${formatMinor(r.turnoverRequired)}, expires ${r.expiresAt})`]);
      return 0;
    },
  },
];
