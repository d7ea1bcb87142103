/**
 * `ops messages send <merchant> (--member <username> | --team <agent> | --all) --title "..." --content "..."`:
 * a message to the message centre of one member, an agent's team or every member of the merchant.
 */
import { sendMessage, type Audience } from '../services/messages';
import { emit, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

export const verbs: OpsVerb[] = [
  {
    words: ['messages', 'send'],
    usage: 'messages send <merchant> (--member <username> | --team <agent> | --all) --title "..." --content "..."',
    summary: "write to the message centre of one member, an agent's team (every level below) or every member",
    async run(ctx, args) {
      const [merchant] = positionals(args, ['merchant']);
      knownOptions(args, ['member', 'team', 'all', 'title', 'content']);
      const chosen = (['member', 'team', 'all'] as const).filter((k) => args.options[k] !== undefined);
      if (chosen.length !== 1) throw new UsageError('name exactly one of --member <username>, --team <agent>, --all');
      const to: Audience = chosen[0];
      if (to === 'all' && args.options.all !== true) throw new UsageError('--all takes no value');
      const username = to === 'all' ? undefined : stringOption(args, to, true);
      const title = stringOption(args, 'title', true);
      const content = stringOption(args, 'content', true);
      const r = await sendMessage(ctx.app, ctx.actor, { merchant, to, username, title, content });
      const who = to === 'all' ? `every member of ${merchant}` : to === 'team' ? `the team of ${merchant}/${r.username}` : `${merchant}/${r.username}`;
      emit(ctx, r, [`sent to ${who}: ${r.sent} member${r.sent === 1 ? '' : 's'}`]);
      return 0;
    },
  },
];
