/**
 * Argument handling shared by the ops verbs (node:util parseArgs): `--name value`, `--name=value`,
 * boolean flags, and the usage error (exit 2) a verb throws when its arguments are wrong. Verb
 * files import this, never the runner (which imports them).
 */
import { parseArgs as parseWords } from 'node:util';
import { minorText } from '../../src/domain/money';
import { OpsRefusal, type OpsArgs, type OpsContext } from './types';

/** Wrong usage: the runner prints one line naming what is wrong and exits 2. */
export class UsageError extends Error {}

/** Flags that take no value (so `--totp bob` leaves `bob` a positional). */
const BOOLEAN_FLAGS = new Set(['json', 'totp', 'help', 'yes', 'all', 'open', 'promote', 'abort']);

/**
 * Options the command line may not carry: secrets would land in the shell history and in `ps`.
 * The CLI reads them from the environment or a prompt and passes them on itself.
 */
const SECRET_OPTIONS = new Set(['password']);

/**
 * The words after the verb: node:util's parseArgs splits them (`--name=value`, `--` ends the
 * options); an option not in BOOLEAN_FLAGS takes the next word as its value unless that word is
 * another `--option` (a verb then says `--name needs a value`). A word like `-50.25` is a
 * positional (a negative amount), never short flags.
 */
export function parseArgs(words: readonly string[]): OpsArgs {
  const { tokens } = parseWords({
    args: [...words],
    options: Object.fromEntries([...BOOLEAN_FLAGS].map((name) => [name, { type: 'boolean' as const }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  let pending: string | undefined;
  let shortAt = -1;
  for (const token of tokens) {
    let word: string;
    if (token.kind === 'option-terminator') {
      pending = undefined;
      positionals.push(...words.slice(token.index + 1));
      break;
    } else if (token.kind === 'positional') {
      word = token.value;
    } else if (!token.rawName.startsWith('--')) {
      // `-50.25` came as the short flags -5 -0 -. -2 -5, all at one index: the word is a positional.
      if (token.index === shortAt) continue;
      shortAt = token.index;
      word = words[token.index];
    } else {
      const name = token.name;
      const raw = words[token.index];
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new UsageError(`bad option ${raw}`);
      if (SECRET_OPTIONS.has(name)) throw new UsageError(`--${name} is not read from the command line (set OPS_PASSWORD, or type it at the prompt)`);
      pending = undefined;
      if (token.inlineValue) options[name] = token.value ?? '';
      else if (BOOLEAN_FLAGS.has(name)) options[name] = true;
      else options[(pending = name)] = true;
      continue;
    }
    if (pending !== undefined) options[pending] = word;
    else positionals.push(word);
    pending = undefined;
  }
  return { positionals, options };
}

/** The positionals a verb needs, by name; a missing or extra one is a usage error naming it. */
export function positionals(args: OpsArgs, names: readonly string[]): string[] {
  if (args.positionals.length < names.length) throw new UsageError(`missing <${names[args.positionals.length]}>`);
  if (args.positionals.length > names.length) throw new UsageError(`unexpected argument "${args.positionals[names.length]}"`);
  return args.positionals;
}

/** A string option; `required` makes its absence a usage error. */
export function stringOption(args: OpsArgs, name: string, required: true): string;
export function stringOption(args: OpsArgs, name: string, required?: false): string | undefined;
export function stringOption(args: OpsArgs, name: string, required = false): string | undefined {
  const value = args.options[name];
  if (value === undefined) {
    if (required) throw new UsageError(`missing --${name}`);
    return undefined;
  }
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

/**
 * An option that must be one of `choices`: the choice, undefined when absent, null when given
 * without a value or with another one (the verb prints its usage and exits 2).
 */
export function choiceOption<T extends string>(args: OpsArgs, name: string, choices: readonly T[]): T | undefined | null {
  const value = args.options[name];
  if (value === undefined) return undefined;
  return value !== true && (choices as readonly string[]).includes(value) ? (value as T) : null;
}

/** Refuses options the verb does not know (a typo must not be silently ignored). */
export function knownOptions(args: OpsArgs, names: readonly string[]): void {
  for (const name of Object.keys(args.options)) {
    if (name !== 'json' && !names.includes(name)) throw new UsageError(`unknown option --${name}`);
  }
}

/** Prints a result: one JSON document with --json, else its lines. */
export function emit(ctx: OpsContext, doc: unknown, lines: readonly string[]): void {
  if (ctx.json) ctx.out(JSON.stringify(doc));
  else for (const line of lines) ctx.out(line);
}

/** Minor units as the CLI prints them: 1250.5 -> "1,250.50". */
export function formatMinor(minor: number): string {
  return minorText(minor, true);
}

/** The one positional id of a decision verb, or null when it is not a positive whole number (or more follow). */
export function idArg(args: OpsArgs): number | null {
  const [text, ...rest] = args.positionals;
  if (rest.length > 0 || !text || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** Runs an action; an OpsRefusal becomes its one line (as the runner words it) and exit code 1. */
export async function refusable(ctx: OpsContext, action: () => Promise<number>): Promise<number> {
  try {
    return await action();
  } catch (err) {
    if (!(err instanceof OpsRefusal)) throw err;
    ctx.out(ctx.json ? JSON.stringify({ ok: false, errorCode: err.code, message: err.message }) : `refused: ${err.message} (${err.code})`);
    return 1;
  }
}

/** A refusable action that says `done` when it succeeds. */
export function refusableDone(ctx: OpsContext, done: string, action: () => Promise<unknown>): Promise<number> {
  return refusable(ctx, async () => {
    await action();
    ctx.out(ctx.json ? JSON.stringify({ ok: true, message: done }) : done);
    return 0;
  });
}
