/**
 * `deposits list|approve|reject`: the back office's deposit verbs. Each calls the service
 * function (server/modules/wallet/services/deposits.ts), which writes the change and its audit row in one
 * transaction; a refusal prints its one line and exits 1, bad usage exits 2.
 */
import type { DepositState } from '../../../db/schema';
import { toAmount } from '../../../../src/domain/money';
import { approveDeposit, listDeposits, rejectDeposit, type DepositSummary } from '../services/deposits';
import { idArg, refusable } from '../../../ops/cli-args';
import type { OpsContext, OpsVerb } from '../../../ops/types';

const STATES: readonly DepositState[] = ['pending', 'paid', 'rejected', 'expired', 'cancelled'];

/** A deposit for the CLI: amounts in currency units, no receipt bytes. */
function row(d: DepositSummary) {
  return {
    id: d.id,
    merchant: d.merchantCode,
    memberId: d.memberId,
    channel: d.channelId,
    provider: d.provider,
    amount: toAmount(d.amount),
    fee: toAmount(d.fee),
    bonus: toAmount(d.bonus),
    state: d.state,
    reference: d.reference,
    hasReceipt: d.hasReceipt,
    reason: d.reason,
    createdAt: d.createdAt.toISOString(),
    expiresAt: d.expiresAt.toISOString(),
    decidedBy: d.decidedBy,
  };
}

const line = (d: ReturnType<typeof row>) =>
  [d.id, d.merchant, `member ${d.memberId}`, d.channel, d.provider, d.amount.toFixed(2), `fee ${d.fee.toFixed(2)}`, `bonus ${d.bonus.toFixed(2)}`, d.state, d.reference ?? '-', d.hasReceipt ? 'receipt' : 'no receipt', d.createdAt].join('  ');

function print(ctx: OpsContext, verb: string, d: DepositSummary): number {
  const shown = row(d);
  ctx.out(ctx.json ? JSON.stringify({ ok: true, deposit: shown }) : `${verb} ${line(shown)}`);
  return 0;
}

export const verbs: OpsVerb[] = [
  {
    words: ['deposits', 'list'],
    usage: 'deposits list [--state pending|paid|rejected|expired|cancelled] [--merchant CODE] [--limit N]',
    summary: 'Deposits, newest first (pending ones past their time are expired first)',
    run: async (ctx, args) => {
      const { state, merchant, limit } = args.options;
      if (args.positionals.length > 0) return usage(ctx, 0);
      if (state !== undefined && (typeof state !== 'string' || !STATES.includes(state as DepositState))) return usage(ctx, 0);
      if (merchant !== undefined && typeof merchant !== 'string') return usage(ctx, 0);
      if (limit !== undefined && (typeof limit !== 'string' || !/^[1-9][0-9]{0,2}$/.test(limit))) return usage(ctx, 0);
      return refusable(ctx, async () => {
        const found = await listDeposits(ctx.app, ctx.actor, {
          state: state as DepositState | undefined,
          merchant: merchant as string | undefined,
          limit: limit === undefined ? undefined : Number(limit),
        });
        if (ctx.json) ctx.out(JSON.stringify({ ok: true, deposits: found.map(row) }));
        else if (found.length === 0) ctx.out('no deposits');
        else for (const d of found) ctx.out(line(row(d)));
        return 0;
      });
    },
  },
  {
    words: ['deposits', 'approve'],
    usage: 'deposits approve <id>',
    summary: 'Confirms a pending manual deposit was received: credits it (amount - fee, bonus) and adds its turnover',
    run: async (ctx, args) => {
      const id = idArg(args);
      if (id === null || Object.keys(args.options).length > 0) return usage(ctx, 1);
      return refusable(ctx, async () => print(ctx, 'approved', await approveDeposit(ctx.app, ctx.actor, id)));
    },
  },
  {
    words: ['deposits', 'reject'],
    usage: 'deposits reject <id> --reason "..."',
    summary: 'Refuses a pending deposit with a reason; nothing is credited',
    run: async (ctx, args) => {
      const id = idArg(args);
      const { reason, ...others } = args.options;
      if (id === null || typeof reason !== 'string' || reason.trim() === '' || Object.keys(others).length > 0) return usage(ctx, 2);
      return refusable(ctx, async () => print(ctx, 'rejected', await rejectDeposit(ctx.app, ctx.actor, id, reason)));
    },
  },
];

/** Bad usage: the verb's usage line, exit code 2. */
function usage(ctx: OpsContext, index: number): number {
  ctx.out(`usage: ${verbs[index].usage}`);
  return 2;
}
