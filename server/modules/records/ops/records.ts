/**
 * The records' data: `records rebuild` recomputes a tenant's per-day aggregates of bets and ledger
 * entries (server/modules/records/services/records-aggregates.ts), after its time zone changed or to repair them;
 * `records seed` writes a member's bets and ledger entries for the benchmark and the journeys
 * (server/modules/records/services/records-seed.ts; not in production).
 */
import { rebuildTenantRecords } from '../services/records-aggregates';
import { MAX_SEED_BETS, seedRecords } from '../services/records-seed';
import { emit, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsArgs, OpsVerb } from '../../../ops/types';

/** A whole number option within [min, max]; absent: undefined (or a usage error when required). */
function countOption(args: OpsArgs, name: string, min: number, max: number, required = false): number | undefined {
  const text = required ? stringOption(args, name, true) : stringOption(args, name);
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return Number(text);
}

export const verbs: OpsVerb[] = [
  {
    words: ['records', 'rebuild'],
    usage: 'records rebuild --tenant <id>',
    summary: "recompute a tenant's records totals per day (bets and ledger entries) from the rows themselves",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['tenant']);
      const r = await rebuildTenantRecords(ctx.app, ctx.actor, stringOption(args, 'tenant', true));
      emit(ctx, { ok: true, ...r }, [
        `${r.tenant} (${r.timeZone}): ${r.betDays} bet day(s) over ${r.bets} bet(s), ${r.ledgerDays} ledger day(s) over ${r.entries} entr${r.entries === 1 ? 'y' : 'ies'}`,
      ]);
      return 0;
    },
  },
  {
    words: ['records', 'seed'],
    usage: 'records seed --tenant <id> --member <username> --bets <n> [--ledger <n>] [--ago <days>]',
    summary: "write a member's settled bets over the last 30 days (or on one day, <days> ago) with balanced ledger entries (not in production)",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['tenant', 'member', 'bets', 'ledger', 'ago']);
      const tenantId = stringOption(args, 'tenant', true);
      const username = stringOption(args, 'member', true);
      const bets = countOption(args, 'bets', 0, MAX_SEED_BETS, true)!;
      const ledger = countOption(args, 'ledger', 0, MAX_SEED_BETS);
      const ago = countOption(args, 'ago', 0, 89);
      const r = await seedRecords(ctx.app, ctx.actor, { tenantId, username, bets, ledger, ago });
      emit(ctx, { ok: true, ...r }, [
        `seeded ${r.tenant}/${r.username}: ${r.bets} bet(s) and ${r.entries} wallet entr${r.entries === 1 ? 'y' : 'ies'} from ${r.start} to ${r.end} in ${r.batches} batch(es), ${(r.ms / 1000).toFixed(1)} s`,
      ]);
      return 0;
    },
  },
];
