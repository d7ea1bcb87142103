/**
 * `settle salary|dividend|hourly`: pays the signed agent contracts of a period (server/services/
 * agent-contracts.ts settleContracts), one transaction and audit row per contract and period;
 * running it again pays nobody twice; a period that has not ended yet (today, the current hour, this
 * half-month) is refused before anything is paid. `agents promote`: a player under an agent becomes a sub-agent.
 */
import { isIsoDate } from '../../../src/lib/date-range';
import { toAmount } from '../../lib/money';
import { promoteToAgent, settleContracts, type SettledContract } from '../../services/agent-contracts';
import type { AgentContractKind } from '../../db/schema';
import { emit, formatMinor, knownOptions, positionals, stringOption, UsageError } from '../cli-args';
import type { OpsVerb } from '../types';

const line = (c: SettledContract) =>
  `${c.tenant} contract ${c.contractId} ${c.upline} -> ${c.downline} ${c.period}: ${
    c.outcome === 'paid' ? `paid ${formatMinor(c.amount)} (transaction ${c.transactionId})` : c.outcome === 'nothing' ? 'nothing earned' : `already settled (${formatMinor(c.amount)})`
  } turnover ${formatMinor(c.turnover)}, ${c.activeMembers} active, net loss ${formatMinor(c.netLoss)}`;

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
        contracts: summary.contracts.map((c) => ({ ...c, amount: toAmount(c.amount), turnover: toAmount(c.turnover), netLoss: toAmount(c.netLoss) })),
      },
      [
        ...summary.contracts.map(line),
        ...summary.disabled.map((t) => `${t}: ${kind} contracts are off`),
        `${kind} ${date}: ${summary.paid} contract(s) paid ${formatMinor(summary.amount)}, ${summary.alreadySettled} already settled, ${summary.contracts.length} period(s) looked at`,
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
];
