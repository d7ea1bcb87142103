/** The back office's own verbs: the ledger check, balance adjustments, turnover waivers, the audit. */
import { toMinor } from '../../../src/domain/money';
import { listAudit, AUDIT_MAX_LIMIT } from '../audit-query';
import { emit, formatMinor, knownOptions, positionals, stringOption, UsageError } from '../cli-args';
import { checkLedger } from '../../money';
import type { OpsVerb } from '../types';
import { adjustBalance, waiveMemberTurnover } from '../../modules/wallet';

/** "100", "-50.25", "0.5": at most 2 decimals, not zero. */
const AMOUNT = /^-?[0-9]{1,13}(\.[0-9]{1,2})?$/;

function parseAmount(text: string): number {
  if (!AMOUNT.test(text)) throw new UsageError(`<amount> must be a number with at most 2 decimals, e.g. 100 or -50.25 (got "${text}")`);
  const minor = toMinor(Number(text));
  if (minor === 0) throw new UsageError('<amount> must not be zero');
  return minor;
}

export const verbs: OpsVerb[] = [
  {
    words: ['ledger', 'check'],
    usage: 'ledger check',
    summary: 'check the ledger: balanced transactions, balances equal to their entries, no wallet below zero',
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, []);
      const problems = await checkLedger(ctx.app.db.orm);
      emit(
        ctx,
        { clean: problems.length === 0, problems },
        problems.length === 0 ? ['ledger clean'] : problems.map((p) => `${p.kind} ${p.id}: ${p.detail}`),
      );
      return problems.length === 0 ? 0 : 1;
    },
  },
  {
    words: ['balance', 'adjust'],
    usage: 'balance adjust <merchant> <username> <amount> --reason "..." [--key <idempotency key>]',
    summary: 'credit (positive amount) or debit (negative) a member wallet, in currency units',
    async run(ctx, args) {
      const [merchant, username, amountText] = positionals(args, ['merchant', 'username', 'amount']);
      knownOptions(args, ['reason', 'key']);
      const amount = parseAmount(amountText);
      const reason = stringOption(args, 'reason', true);
      const r = await adjustBalance(ctx.app, ctx.actor, { merchant, username, amount, reason }, stringOption(args, 'key'));
      emit(ctx, r, [
        `adjusted ${merchant}/${username} by ${formatMinor(amount)}: balance ${formatMinor(r.balanceBefore)} -> ${formatMinor(r.balanceAfter)} (transaction ${r.transactionId})`,
      ]);
      return 0;
    },
  },
  {
    words: ['turnover', 'waive'],
    usage: 'turnover waive <merchant> <username> --reason "..."',
    summary: "waive a member's open turnover requirements",
    async run(ctx, args) {
      const [merchant, username] = positionals(args, ['merchant', 'username']);
      knownOptions(args, ['reason']);
      const reason = stringOption(args, 'reason', true);
      const r = await waiveMemberTurnover(ctx.app, ctx.actor, { merchant, username, reason });
      emit(ctx, r, [r.waived > 0 ? `waived ${formatMinor(r.waived)} of turnover for ${merchant}/${username}` : `${merchant}/${username} had no open turnover`]);
      return 0;
    },
  },
  {
    words: ['audit', 'list'],
    usage: 'audit list [--target <type>:<id>] [--action <area.verb>] [--since <ISO date>] [--limit 20]',
    summary: 'the audit of operator actions, newest first',
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['target', 'action', 'since', 'limit']);
      const target = stringOption(args, 'target');
      const match = target === undefined ? null : /^([a-z_.-]+)(?::(.+))?$/.exec(target);
      if (target !== undefined && !match) throw new UsageError('--target must be <type> or <type>:<id>, e.g. deposit:12');
      const sinceText = stringOption(args, 'since');
      const since = sinceText === undefined ? undefined : new Date(sinceText);
      if (since && Number.isNaN(since.getTime())) throw new UsageError(`--since must be a date, e.g. 2026-01-31 (got "${sinceText}")`);
      const limitText = stringOption(args, 'limit');
      const limit = limitText === undefined ? 20 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_MAX_LIMIT) throw new UsageError(`--limit must be 1 to ${AUDIT_MAX_LIMIT}`);
      const found = await listAudit(ctx.app, ctx.actor, {
        targetType: match?.[1],
        targetId: match?.[2],
        action: stringOption(args, 'action'),
        since,
        limit,
      });
      emit(
        ctx,
        found,
        found.length === 0
          ? ['no audit rows']
          : found.map((r) =>
              [`#${r.id}`, r.at, r.actor, r.action, `${r.targetType}:${r.targetId}`, r.merchantCode ?? '-', r.reason ? JSON.stringify(r.reason) : ''].join('  ').trimEnd(),
            ),
      );
      return 0;
    },
  },
];
