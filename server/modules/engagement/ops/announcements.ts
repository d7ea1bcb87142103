/**
 * `ops announcements publish <merchant> --type PL|A --title "..." --content "<p>...</p>" [--lang EN] [--sort 0]`,
 * `ops announcements list [--merchant <code>] [--limit 50]` and `ops announcements remove <id>`:
 * player notices (PL: /m/notice, the home notice bar) and agent announcements (A: agents only).
 */
import { listAnnouncements, NOTICE_TYPES, publishAnnouncement, removeAnnouncement, type NoticeType } from '../services/announcements';
import { emit, idArg, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

const audience = (type: string) => (type === 'A' ? 'agents' : 'players');

export const verbs: OpsVerb[] = [
  {
    words: ['announcements', 'publish'],
    usage: 'announcements publish <merchant> --type PL|A --title "..." --content "<p>...</p>" [--lang EN] [--sort 0]',
    summary: 'publish a player notice (PL) or an agent announcement (A, agents only); the content is HTML, sanitised on the site',
    async run(ctx, args) {
      const [merchant] = positionals(args, ['merchant']);
      knownOptions(args, ['type', 'title', 'content', 'lang', 'sort']);
      const type = stringOption(args, 'type', true);
      if (!(NOTICE_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type must be one of ${NOTICE_TYPES.join(', ')}`);
      const sortText = stringOption(args, 'sort');
      const sort = sortText === undefined ? undefined : Number(sortText);
      if (sort !== undefined && !Number.isInteger(sort)) throw new UsageError('--sort must be a whole number');
      const row = await publishAnnouncement(ctx.app, ctx.actor, {
        merchant,
        type: type as NoticeType,
        title: stringOption(args, 'title', true),
        content: stringOption(args, 'content', true),
        lang: stringOption(args, 'lang'),
        sort,
      });
      emit(ctx, row, [`published #${row.id} for the ${audience(row.type)} of ${merchant}${row.lang ? ` reading ${row.lang}` : ''}`]);
      return 0;
    },
  },
  {
    words: ['announcements', 'list'],
    usage: 'announcements list [--merchant <code>] [--limit 50]',
    summary: 'player notices and agent announcements, newest first',
    async run(ctx, args) {
      knownOptions(args, ['merchant', 'limit']);
      if (args.positionals.length > 0) throw new UsageError(`unexpected ${args.positionals[0]}`);
      const limitText = stringOption(args, 'limit');
      const limit = limitText === undefined ? 50 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError('--limit must be 1 to 200');
      const found = await listAnnouncements(ctx.app, ctx.actor, { merchant: stringOption(args, 'merchant'), limit });
      emit(
        ctx,
        found,
        found.length === 0 ? ['no announcements'] : found.map((a) => [`#${a.id}`, a.merchantCode, a.type, a.lang ?? '*', JSON.stringify(a.title)].join('  ')),
      );
      return 0;
    },
  },
  {
    words: ['announcements', 'remove'],
    usage: 'announcements remove <id>',
    summary: 'withdraw a player notice or agent announcement (its read marks go with it)',
    async run(ctx, args) {
      knownOptions(args, []);
      const id = idArg(args);
      if (id === null) throw new UsageError('<id> must be an announcement id');
      const row = await removeAnnouncement(ctx.app, ctx.actor, id);
      emit(ctx, row, [`removed #${row.id} of ${row.merchantCode}`]);
      return 0;
    },
  },
];
