/**
 * `ops identity list [--state pending]`, `ops identity approve <id>`, `ops identity reject <id>
 * --reason "..."`: the identity review queue. Each decision is services/identity's function,
 * which writes the change and its audit row in one transaction.
 */
import type { IdentityState } from '../../../db/schema';
import { approveIdentity, listIdentityChecks, rejectIdentity } from '../services/identity';
import { choiceOption, idArg, refusableDone } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

const STATES: readonly IdentityState[] = ['pending', 'approved', 'rejected'];

export const verbs: OpsVerb[] = [
  {
    words: ['identity', 'list'],
    usage: 'identity list [--state pending|approved|rejected]',
    summary: 'Identity checks of your merchants, oldest first, with the images received',
    async run(ctx, args) {
      const state = choiceOption(args, 'state', STATES);
      if (state === null) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      const checks = await listIdentityChecks(ctx.app, ctx.actor, state);
      if (ctx.json) ctx.out(JSON.stringify(checks));
      else {
        for (const c of checks) {
          ctx.out(`${c.id}\t${c.merchantCode}\t${c.username}\t${c.state}\t${c.realName}\t${c.birthday}\timages:${c.images.join(',') || '-'}\t${c.createdAt.toISOString()}${c.reason ? `\t${c.reason}` : ''}`);
        }
        if (checks.length === 0) ctx.out('no identity checks');
      }
      return 0;
    },
  },
  {
    words: ['identity', 'approve'],
    usage: 'identity approve <id>',
    summary: "Approves a pending identity check (all three images in): its real name becomes the member's verified name",
    async run(ctx, args) {
      const id = idArg(args);
      if (id === null) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `identity check ${id} approved`, () => approveIdentity(ctx.app, ctx.actor, id));
    },
  },
  {
    words: ['identity', 'reject'],
    usage: 'identity reject <id> --reason "..."',
    summary: 'Rejects a pending identity check with the reason the member reads',
    async run(ctx, args) {
      const id = idArg(args);
      const reason = args.options.reason;
      if (id === null || typeof reason !== 'string' || !reason.trim()) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `identity check ${id} rejected`, () => rejectIdentity(ctx.app, ctx.actor, id, reason));
    },
  },
];
