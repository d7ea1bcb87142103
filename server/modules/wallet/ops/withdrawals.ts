/**
 * `ops withdrawals list [--state pending]`, `ops withdrawals pay <id>`, `ops withdrawals reject
 * <id> --reason "..."`: the payout queue. Pay and reject are services/withdrawals' functions
 * (ledger posting, state and audit row in one transaction); a second decision is refused.
 */
import type { WithdrawalState } from '../../../db/schema';
import { toAmount } from '../../../../src/domain/money';
import { listWithdrawalsForOps, payWithdrawal, rejectWithdrawal } from '../services/withdrawals';
import type { OpsVerb } from '../../../ops/types';
import { choiceOption, idArg, refusableDone } from '../../../ops/cli-args';

const STATES: readonly WithdrawalState[] = ['pending', 'paid', 'rejected'];

export const verbs: OpsVerb[] = [
  {
    words: ['withdrawals', 'list'],
    usage: 'withdrawals list [--state pending|paid|rejected]',
    summary: 'Withdrawals of your merchants, oldest first, with the full account to pay to',
    async run(ctx, args) {
      const state = choiceOption(args, 'state', STATES);
      if (state === null) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      const list = await listWithdrawalsForOps(ctx.app, ctx.actor, state);
      if (ctx.json) ctx.out(JSON.stringify(list.map((w) => ({ ...w, amount: toAmount(w.amount), fee: toAmount(w.fee) }))));
      else {
        for (const w of list) {
          ctx.out(
            `${w.id}\t${w.merchantCode}\t${w.username}\t${toAmount(w.amount).toFixed(2)}\tfee ${toAmount(w.fee).toFixed(2)}\t${w.state}\t${w.providerCode} ${w.accountNo}\t${w.holderName}\t${w.createdAt.toISOString()}${w.reason ? `\t${w.reason}` : ''}`,
          );
        }
        if (list.length === 0) ctx.out('no withdrawals');
      }
      return 0;
    },
  },
  {
    words: ['withdrawals', 'pay'],
    usage: 'withdrawals pay <id>',
    summary: 'Marks a pending withdrawal paid (after paying it out): the held money goes to the house',
    async run(ctx, args) {
      const id = idArg(args);
      if (id === null) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `withdrawal ${id} paid`, () => payWithdrawal(ctx.app, ctx.actor, id));
    },
  },
  {
    words: ['withdrawals', 'reject'],
    usage: 'withdrawals reject <id> --reason "..."',
    summary: "Rejects a pending withdrawal with a reason: the held amount and fee return to the member's wallet",
    async run(ctx, args) {
      const id = idArg(args);
      const reason = args.options.reason;
      if (id === null || typeof reason !== 'string' || !reason.trim()) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `withdrawal ${id} rejected`, () => rejectWithdrawal(ctx.app, ctx.actor, id, reason));
    },
  },
];
