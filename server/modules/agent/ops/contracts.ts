/**
 * `settle salary|dividend|hourly`: pays the signed agent contracts of a period (server/modules/agent/services/
 * agent-contracts.ts settleContracts), one transaction and audit row per contract and period;
 * running it again pays nobody twice; a period that has not ended yet (today, the current hour, this
 * half-month) is refused before anything is paid; a period whose qualifying figures show no turnover or no
 * active member pays nothing (printed as refused), and every signed contract whose tiers would pay on no
 * activity is printed. `agents promote`: a player under an agent becomes a sub-agent. `agents ceiling
 * set|clear|list`: a top-level agent's ceiling per kind. `contracts idle`: the contracts that would pay on
 * no activity.
 */
import { isIsoDate } from '../../../../src/domain/date-range';
import { toAmount } from '../../../../src/domain/money';
import { idleContracts, listCeilings, promoteToAgent, setCeiling, settleContracts, type IdleContract, type SettledContract } from '../services/agent-contracts';
import type { AgentContractKind } from '../../../db/schema';
import { emit, formatMinor, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

const outcomeText = (c: SettledContract): string => {
  if (c.outcome === 'paid') return `paid ${formatMinor(c.amount)} (transaction ${c.transactionId})`;
  if (c.outcome === 'nothing') return 'nothing earned';
  if (c.outcome === 'refused') return `REFUSED: would pay ${formatMinor(c.wouldPay ?? 0)} but ${c.refusedReason ?? 'no activity'}`;
  return c.refusedReason ? `already settled (refused: ${c.refusedReason})` : `already settled (${formatMinor(c.amount)})`;
};

const line = (c: SettledContract) =>
  `${c.tenant} contract ${c.contractId} ${c.upline} -> ${c.downline} ${c.period}: ${outcomeText(c)} turnover ${formatMinor(c.turnover)}, ${c.activeMembers} active, net loss ${formatMinor(c.netLoss)}`;

const idleLine = (c: IdleContract) =>
  `WARNING ${c.tenant} ${c.kind} contract ${c.contractId} ${c.upline} -> ${c.downline} pays on zero turnover or zero active members (${c.field} asks for none): its payouts on no activity are refused`;

const KINDS = ['salary', 'dividend', 'hourly'] as const;
function kindOption(args: Parameters<typeof stringOption>[0]): AgentContractKind {
  const kind = stringOption(args, 'kind', true);
  if (!(KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be salary, dividend or hourly (got "${kind}")`);
  return kind as AgentContractKind;
}

const settleVerb = (kind: AgentContractKind, extra: string): OpsVerb => ({
  words: ['settle', kind],
  usage: `settle ${kind} --date YYYY-MM-DD${extra} [--merchant <code>]`,
  summary: `pay every signed ${kind} contract for the period holding that tenant day, once per contract and period (the platform pays); a period that has not ended is refused`,
  async run(ctx, args) {
    positionals(args, []);
    knownOptions(args, kind === 'hourly' ? ['date', 'hour', 'merchant'] : ['date', 'merchant']);
    const date = stringOption(args, 'date', true);
    if (!isIsoDate(date)) throw new UsageError(`--date must be a day YYYY-MM-DD (got "${date}")`);
    const hourText = stringOption(args, 'hour');
    if (hourText !== undefined && !/^([01]?[0-9]|2[0-3])$/.test(hourText)) throw new UsageError(`--hour must be 0 to 23 (got "${hourText}")`);
    const summary = await settleContracts(ctx.app, ctx.actor, {
      kind,
      date,
      ...(hourText !== undefined ? { hour: Number(hourText) } : {}),
      ...(stringOption(args, 'merchant') !== undefined ? { merchantCode: stringOption(args, 'merchant') } : {}),
    });
    emit(
      ctx,
      {
        ok: true,
        ...summary,
        amount: toAmount(summary.amount),
        contracts: summary.contracts.map((c) => ({
          ...c,
          amount: toAmount(c.amount),
          turnover: toAmount(c.turnover),
          netLoss: toAmount(c.netLoss),
          ...(c.wouldPay !== undefined ? { wouldPay: toAmount(c.wouldPay) } : {}),
        })),
      },
      [
        ...summary.idle.map(idleLine),
        ...summary.contracts.map(line),
        ...summary.disabled.map((t) => `${t}: ${kind} contracts are off`),
        `${kind} ${date}: ${summary.paid} contract(s) paid ${formatMinor(summary.amount)}, ${summary.refused} refused for no activity, ${summary.alreadySettled} already settled, ${summary.contracts.length} period(s) looked at`,
      ],
    );
    return 0;
  },
});

export const verbs: OpsVerb[] = [
  settleVerb('salary', ''),
  settleVerb('dividend', ''),
  settleVerb('hourly', ' [--hour 0-23, default every hour of the day that is over]'),
  {
    words: ['agents', 'promote'],
    usage: 'agents promote <merchant> <username>',
    summary: 'make a player whose upline is an agent a sub-agent (type 1), who can then sign contracts',
    async run(ctx, args) {
      const [merchant, username] = positionals(args, ['merchant', 'username']);
      knownOptions(args, []);
      const r = await promoteToAgent(ctx.app, ctx.actor, merchant, username);
      emit(ctx, { ok: true, ...r }, [`${merchant}/${username} is now a sub-agent of ${r.upline}`]);
      return 0;
    },
  },
  {
    words: ['agents', 'ceiling', 'set'],
    usage: 'agents ceiling set --merchant <code> --agent <username> --kind salary|dividend|hourly --max <amount|percent> [--reason "..."]',
    summary: "the most one tier of a top-level agent's contracts may pay (currency units) or share (percent); without one it cannot propose that kind",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['merchant', 'agent', 'kind', 'max', 'reason']);
      const kind = kindOption(args);
      const text = stringOption(args, 'max', true);
      if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(text) || Number(text) <= 0) throw new UsageError(`--max must be a number above 0 with at most 2 decimals (got "${text}")`);
      const r = await setCeiling(ctx.app, ctx.actor, {
        merchantCode: stringOption(args, 'merchant', true),
        username: stringOption(args, 'agent', true),
        kind,
        max: Number(text),
        reason: stringOption(args, 'reason'),
      });
      const unit = (v: number | null) => (v === null ? 'none' : kind === 'dividend' ? `${v}%` : v.toFixed(2));
      emit(ctx, { ok: true, ...r }, [`${r.merchantCode}/${r.username} ${kind} ceiling: ${unit(r.before)} -> ${unit(r.after)}`]);
      return 0;
    },
  },
  {
    words: ['agents', 'ceiling', 'clear'],
    usage: 'agents ceiling clear --merchant <code> --agent <username> --kind salary|dividend|hourly [--reason "..."]',
    summary: "removes a top-level agent's ceiling of a kind: its new proposals of that kind are refused (signed contracts stay)",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['merchant', 'agent', 'kind', 'reason']);
      const kind = kindOption(args);
      const r = await setCeiling(ctx.app, ctx.actor, {
        merchantCode: stringOption(args, 'merchant', true),
        username: stringOption(args, 'agent', true),
        kind,
        max: null,
        reason: stringOption(args, 'reason'),
      });
      emit(ctx, { ok: true, ...r }, [`${r.merchantCode}/${r.username} ${kind} ceiling cleared (was ${r.before ?? 'none'})`]);
      return 0;
    },
  },
  {
    words: ['agents', 'ceiling', 'list'],
    usage: 'agents ceiling list --merchant <code>',
    summary: "the ceilings of a merchant's top-level agents",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['merchant']);
      const list = await listCeilings(ctx.app, ctx.actor, stringOption(args, 'merchant', true));
      emit(
        ctx,
        { ok: true, list },
        list.length === 0 ? ['no ceilings'] : list.map((c) => `${c.username} ${c.kind} ${c.kind === 'dividend' ? `${c.max}%` : c.max.toFixed(2)} (set by ${c.setBy} ${c.updatedAt})`),
      );
      return 0;
    },
  },
  {
    words: ['contracts', 'idle'],
    usage: 'contracts idle [--merchant <code>]',
    summary: 'signed contracts whose tiers would pay on zero turnover or zero active members (settling refuses those payouts)',
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['merchant']);
      const list = await idleContracts(ctx.app, ctx.actor, stringOption(args, 'merchant'));
      emit(ctx, { ok: true, list }, list.length === 0 ? ['no contract pays on no activity'] : list.map(idleLine));
      return 0;
    },
  },
];
