/**
 * `maintenance set --tenant <id> [--start <ISO>|now] --end <ISO> [--message-en "..."] [--message-ty "..."]`,
 * `maintenance clear --tenant <id>` and `maintenance show [--tenant <id>]`: a tenant's maintenance
 * window (server/modules/site/services/maintenance.ts). `--message-<lang>` takes any of the tenant's languages.
 */
import { clearMaintenance, setMaintenance, showMaintenance, type MaintenanceWindow } from '../services/maintenance';
import { emit, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsArgs, OpsVerb } from '../../../ops/types';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function dateOption(args: OpsArgs, name: string, required: boolean): Date | undefined {
  const text = stringOption(args, name, required as false);
  if (text === undefined || (name === 'start' && text === 'now')) return undefined;
  const t = Date.parse(text);
  if (!ISO.test(text) || !Number.isFinite(t)) {
    throw new UsageError(`--${name} must be an ISO date-time with its offset, e.g. 2026-12-01T20:00:00+08:00${name === 'start' ? ', or now' : ''} (got "${text}")`);
  }
  return new Date(t);
}

/** `--message-en` ... as { EN: ... }; any other option is refused. */
function messageOptions(args: OpsArgs, known: readonly string[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, value] of Object.entries(args.options)) {
    if (name === 'json' || known.includes(name)) continue;
    const lang = /^message-([a-z]{2})$/.exec(name)?.[1];
    if (!lang) throw new UsageError(`unknown option --${name}`);
    if (value === true) throw new UsageError(`--${name} needs a value`);
    messages[lang.toUpperCase()] = value;
  }
  return messages;
}

function line(w: MaintenanceWindow): string {
  const messages = Object.entries(w.messages).map(([lang, text]) => `${lang} ${JSON.stringify(text)}`);
  return [w.tenant, `${w.startsAt} to ${w.endsAt}`, w.open ? 'OPEN NOW' : 'not open', `set by ${w.setBy}`, ...messages].join('  ');
}

export const verbs: OpsVerb[] = [
  {
    words: ['maintenance', 'set'],
    usage: 'maintenance set --tenant <id> [--start <ISO date-time>|now] --end <ISO date-time> [--message-en "..."] [--message-ty "..."]',
    summary: "close a tenant's site for a window (replaces its window; default start now); a message per tenant language",
    async run(ctx, args) {
      positionals(args, []);
      const tenant = stringOption(args, 'tenant', true);
      const input = { tenant, start: dateOption(args, 'start', false), end: dateOption(args, 'end', true)!, messages: messageOptions(args, ['tenant', 'start', 'end']) };
      const w = await setMaintenance(ctx.app, ctx.actor, input);
      emit(ctx, { ok: true, ...w }, [`maintenance of ${w.tenant}: ${w.startsAt} to ${w.endsAt}${w.open ? ' (open now)' : ''}`]);
      return 0;
    },
  },
  {
    words: ['maintenance', 'clear'],
    usage: 'maintenance clear --tenant <id>',
    summary: "remove a tenant's maintenance window (the site opens again at once)",
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['tenant']);
      const w = await clearMaintenance(ctx.app, ctx.actor, stringOption(args, 'tenant', true));
      emit(ctx, { ok: true, ...w }, [`cleared the maintenance window of ${w.tenant} (${w.startsAt} to ${w.endsAt})`]);
      return 0;
    },
  },
  {
    words: ['maintenance', 'show'],
    usage: 'maintenance show [--tenant <id>]',
    summary: 'the maintenance windows set, each saying whether it is open now',
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, ['tenant']);
      const list = await showMaintenance(ctx.app, ctx.actor, stringOption(args, 'tenant'));
      emit(ctx, { ok: true, list }, list.length === 0 ? ['no maintenance windows'] : list.map(line));
      return 0;
    },
  },
];
