/**
 * `rebates settle`: the daily automatic cash back. Pays every member's rebate accrued over the
 * bets placed up to the end of a tenant's day (server/modules/wallet/services/rebates.ts settleRebates), one
 * transaction and audit row per member paid; running it again for the same day pays nobody twice.
 */
import { isIsoDate } from '../../../../src/domain/date-range';
import { toAmount } from '../../../../src/domain/money';
import { settleRebates, type SettleResult } from '../services/rebates';
import { emit, formatMinor, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

const line = (r: SettleResult) =>
  r.skipped
    ? `${r.tenant} ${r.day}: skipped (${r.skipped})`
    : `${r.tenant} ${r.day}: ${r.paid} member(s) paid ${formatMinor(r.amount)}, ${r.belowMinimum} below the minimum claim, ${r.alreadySettled} already settled`;

export const verbs: OpsVerb[] = [
  {
    words: ['rebates', 'settle'],
    usage: 'rebates settle [--tenant <id>] [--date YYYY-MM-DD]',
    summary: "pay every member's cash back accrued up to the end of a tenant's day (default yesterday), once per member and day",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['tenant', 'date']);
      const day = stringOption(args, 'date');
      if (day !== undefined && !isIsoDate(day)) throw new UsageError(`--date must be a day YYYY-MM-DD (got "${day}")`);
      const results = await settleRebates(ctx.app, ctx.actor, { tenantId: stringOption(args, 'tenant'), day });
      emit(
        ctx,
        { ok: true, settled: results.map((r) => ({ ...r, amount: toAmount(r.amount) })) },
        results.length === 0 ? ['no tenant to settle'] : results.map(line),
      );
      return 0;
    },
  },
];
