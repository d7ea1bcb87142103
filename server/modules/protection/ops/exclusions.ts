/**
 * `ops exclusions list [--merchant <code>] [--active] [--limit 50]`: members' time-outs and
 * self-exclusions. No verb lifts one: `exclusions lift <id> --reason "..."` refuses one in force
 * (exit 1, the attempt audited), as the /ops API does.
 */
import { liftExclusion, listExclusions } from '../services/exclusions';
import { emit, idArg, knownOptions, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

export const verbs: OpsVerb[] = [
  {
    words: ['exclusions', 'list'],
    usage: 'exclusions list [--merchant <code>] [--active] [--limit 50]',
    summary: 'time-outs and self-exclusions, latest end first (--active: in force now)',
    async run(ctx, args) {
      knownOptions(args, ['merchant', 'active', 'limit']);
      if (args.positionals.length > 0) throw new UsageError(`unexpected ${args.positionals[0]}`);
      const limitText = stringOption(args, 'limit');
      const limit = limitText === undefined ? 50 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError('--limit must be 1 to 200');
      const found = await listExclusions(ctx.app, ctx.actor, { merchant: stringOption(args, 'merchant'), active: args.options.active === true, limit });
      emit(
        ctx,
        found,
        found.length === 0
          ? ['no exclusions']
          : found.map((e) => [`#${e.id}`, e.merchantCode, e.username, e.kind, e.period, e.startsAt, `until ${e.endsAt}`, e.active ? 'active' : 'ended'].join('  ')),
      );
      return 0;
    },
  },
  {
    words: ['exclusions', 'lift'],
    usage: 'exclusions lift <id> --reason "..."',
    summary: 'refused while in force: an exclusion is never lifted or shortened before its end',
    async run(ctx, args) {
      knownOptions(args, ['reason']);
      const id = idArg(args);
      if (id === null) throw new UsageError('<id> must be an exclusion id');
      const e = await liftExclusion(ctx.app, ctx.actor, id, stringOption(args, 'reason', true));
      emit(ctx, e, [`exclusion #${e.id} of ${e.merchantCode}/${e.username} ended ${e.endsAt}: nothing to lift`]);
      return 0;
    },
  },
];
