/**
 * `ops identity list [--state pending]`, `ops identity approve <id>`, `ops identity reject <id>
 * --reason "..."`: the identity review queue. Each decision is services/identity's function,
 * which writes the change and its audit row in one transaction.
 */
import type { IdentityState } from '../../db/schema';
import { approveIdentity, listIdentityChecks, rejectIdentity } from '../../services/identity';
import { OpsRefusal, type OpsArgs, type OpsContext, type OpsVerb } from '../types';

const STATES: readonly IdentityState[] = ['pending', 'approved', 'rejected'];

/** The positional id, or null when missing or not a positive integer. */
export function idArg(args: OpsArgs): number | null {
  const raw = args.positionals[0];
  if (raw === undefined || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** Runs an action; an OpsRefusal becomes its one line and exit code 1. */
export async function refusable(ctx: OpsContext, done: string, action: () => Promise<void>): Promise<number> {
  try {
    await action();
  } catch (err) {
    if (err instanceof OpsRefusal) {
      ctx.out(ctx.json ? JSON.stringify({ ok: false, errorCode: err.code, message: err.message }) : `refused (${err.code}): ${err.message}`);
      return 1;
    }
    throw err;
  }
  ctx.out(ctx.json ? JSON.stringify({ ok: true, message: done }) : done);
  return 0;
}

export const verbs: OpsVerb[] = [
  {
    words: ['identity', 'list'],
    usage: 'identity list [--state pending|approved|rejected]',
    summary: 'Identity checks of your merchants, oldest first, with the images received',
    async run(ctx, args) {
      const state = args.options.state;
      if (state !== undefined && (state === true || !STATES.includes(state as IdentityState))) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      const checks = await listIdentityChecks(ctx.app, ctx.actor, state as IdentityState | undefined);
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
      return refusable(ctx, `identity check ${id} approved`, () => approveIdentity(ctx.app, ctx.actor, id));
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
      return refusable(ctx, `identity check ${id} rejected`, () => rejectIdentity(ctx.app, ctx.actor, id, reason));
    },
  },
];
