/**
 * `rain schedule <merchant> [--start <ISO>] --minutes N --budget AMOUNT [--min AMOUNT] [--max AMOUNT] [--max-per-member N] [--turnover X]`
 * and `rain list <merchant> [--all]`: red-envelope rain windows (server/modules/engagement/services/red-rain.ts).
 */
import { toMinor } from '../../../../src/domain/money';
import { listRain, scheduleRain } from '../services/red-rain';
import { emit, formatMinor, knownOptions, positionals, refusable, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

const AMOUNT = /^[0-9]{1,13}(\.[0-9]{1,2})?$/;

function amountOption(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!AMOUNT.test(text) || Number(text) <= 0) throw new UsageError(`--${name} must be a positive amount with at most 2 decimals (got "${text}")`);
  return toMinor(Number(text));
}

function wholeOption(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) < 1 || Number(text) > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max} (got "${text}")`);
  return Number(text);
}

function multiplierOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(text) || Number(text) > 100) throw new UsageError(`--turnover must be a multiplier from 0 to 100 with at most 2 decimals (got "${text}")`);
  return Number(text);
}

function startOption(text: string | undefined): Date | undefined {
  if (text === undefined || text === 'now') return undefined;
  const t = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || !Number.isFinite(t)) throw new UsageError(`--start must be an ISO date-time, e.g. 2026-12-01T20:00:00+08:00, or now (got "${text}")`);
  return new Date(t);
}

export const verbs: OpsVerb[] = [
  {
    words: ['rain', 'schedule'],
    usage: 'rain schedule <merchant> [--start <ISO date-time>|now] --minutes N --budget AMOUNT [--min AMOUNT] [--max AMOUNT] [--max-per-member N] [--turnover X]',
    summary: 'schedule a red-envelope rain window with a budget (amounts in currency units; default start now)',
    async run(ctx, args) {
      const [merchant] = positionals(args, ['merchant']);
      knownOptions(args, ['start', 'minutes', 'budget', 'min', 'max', 'max-per-member', 'turnover']);
      const minutes = wholeOption(stringOption(args, 'minutes', true), 'minutes', 1440)!;
      const budget = amountOption(stringOption(args, 'budget', true), 'budget')!;
      const input = {
        merchant,
        start: startOption(stringOption(args, 'start')),
        minutes,
        budget,
        minAmount: amountOption(stringOption(args, 'min'), 'min'),
        maxAmount: amountOption(stringOption(args, 'max'), 'max'),
        maxPerMember: wholeOption(stringOption(args, 'max-per-member'), 'max-per-member', 10000),
        turnoverMultiplier: multiplierOption(stringOption(args, 'turnover')),
      };
      return refusable(ctx, async () => {
        const w = await scheduleRain(ctx.app, ctx.actor, input);
        emit(ctx, { ok: true, ...w }, [
          `scheduled rain window ${w.id} in ${merchant}: ${w.startsAt} to ${w.endsAt}, budget ${formatMinor(toMinor(w.budget))}, ${formatMinor(toMinor(w.minAmount))} to ${formatMinor(toMinor(w.maxAmount))} per envelope, at most ${w.maxPerMember} per person, each catch wagered ${w.turnoverMultiplier}x`,
        ]);
        return 0;
      });
    },
  },
  {
    words: ['rain', 'list'],
    usage: 'rain list <merchant> [--all]',
    summary: "list a merchant's rain windows not yet over (--all: the last 50 too)",
    async run(ctx, args) {
      const [merchant] = positionals(args, ['merchant']);
      knownOptions(args, ['all']);
      return refusable(ctx, async () => {
        const list = await listRain(ctx.app, ctx.actor, merchant, args.options.all === true);
        emit(
          ctx,
          { ok: true, list },
          list.length === 0
            ? [`no rain windows in ${merchant}`]
            : list.map((w) => `${w.id}  ${w.startsAt} to ${w.endsAt}  paid ${formatMinor(toMinor(w.paid))} of ${formatMinor(toMinor(w.budget))}  ${w.catches} catch(es)`),
        );
        return 0;
      });
    },
  },
];
