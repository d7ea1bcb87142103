/**
 * `ops feedback list [--merchant <code>] [--open] [--limit 50]` and `ops feedback reply <id> --text "..."`:
 * members' feedback and the operator's reply, which the member reads under the feedback.
 */
import { listFeedback, replyFeedback } from '../services/feedback';
import { emit, idArg, knownOptions, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

export const verbs: OpsVerb[] = [
  {
    words: ['feedback', 'list'],
    usage: 'feedback list [--merchant <code>] [--open] [--limit 50]',
    summary: "members' feedback, newest first (--open: not yet answered)",
    async run(ctx, args) {
      knownOptions(args, ['merchant', 'open', 'limit']);
      if (args.positionals.length > 0) throw new UsageError(`unexpected ${args.positionals[0]}`);
      const limitText = stringOption(args, 'limit');
      const limit = limitText === undefined ? 50 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError('--limit must be 1 to 200');
      const found = await listFeedback(ctx.app, ctx.actor, { merchant: stringOption(args, 'merchant'), open: args.options.open === true, limit });
      emit(
        ctx,
        found,
        found.length === 0
          ? ['no feedback']
          : found.map((f) => [`#${f.id}`, f.createdAt, f.merchantCode, f.username, f.type, `images:${f.images}`, JSON.stringify(f.content), f.reply ? `reply: ${JSON.stringify(f.reply)}` : 'open'].join('  ')),
      );
      return 0;
    },
  },
  {
    words: ['feedback', 'reply'],
    usage: 'feedback reply <id> --text "..."',
    summary: 'answer a feedback (a later reply replaces the earlier one)',
    async run(ctx, args) {
      knownOptions(args, ['text']);
      const id = idArg(args);
      if (id === null) throw new UsageError('<id> must be a feedback id');
      const text = stringOption(args, 'text', true);
      const r = await replyFeedback(ctx.app, ctx.actor, id, text);
      emit(ctx, r, [`replied to feedback #${r.id} of ${r.merchantCode}/${r.username}`]);
      return 0;
    },
  },
];
