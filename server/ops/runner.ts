/**
 * Runs an ops verb: `npm run ops -- <words...> [args] [--json]` (scripts/ops.ts) and POST /ops/cli
 * (a running server doing it for the CLI) both come here. The verbs come from ./verbs/index.ts,
 * one export line per area. Exit codes: 0 done, 1 refused or failed (one line saying why), 2 bad
 * usage (one line naming what is wrong).
 */
import type { Platform } from '../platform';
import { ApiError } from '../errors';
import { parseArgs, UsageError } from './cli-args';
import { OpsRefusal, type OpsActor, type OpsArgs, type OpsVerb } from './types';
import * as groups from './verbs/index';

export const ALL_VERBS: readonly OpsVerb[] = Object.values(groups).flat();

{
  const seen = new Set<string>();
  for (const verb of ALL_VERBS) {
    const name = verb.words.join(' ');
    if (seen.has(name) || name === 'help') throw new Error(`ops verb "${name}" is defined twice`);
    seen.add(name);
  }
}

export interface RunResult {
  exitCode: number;
  /** What the verb printed (its lines, or one JSON document with --json). */
  stdout: string[];
  /** The runner's own line on a refusal or bad usage. */
  stderr: string[];
}

export function helpLines(): string[] {
  const width = Math.max(...ALL_VERBS.map((v) => v.words.join(' ').length));
  return [
    'usage: npm run ops -- <verb> [arguments] [--json]',
    '',
    ...ALL_VERBS.map((v) => `  ${v.words.join(' ').padEnd(width)}  ${v.summary}`),
    `  ${'help'.padEnd(width)}  this list`,
    '',
    ...ALL_VERBS.map((v) => `  ${v.usage}`),
    '',
    'exit codes: 0 done, 1 refused or problems found, 2 bad usage',
  ];
}

export interface Resolved {
  verb: OpsVerb;
  args: OpsArgs;
  json: boolean;
}

/** The verb and its arguments, or a UsageError: decided before any database is opened. */
export function resolveVerb(argv: readonly string[]): Resolved {
  const words = argv.filter((w) => !w.startsWith('--'));
  const verb = [...ALL_VERBS]
    .sort((a, b) => b.words.length - a.words.length)
    .find((v) => v.words.every((w, i) => argv[i] === w));
  if (!verb) throw new UsageError(`unknown verb "${words.slice(0, 2).join(' ')}" (npm run ops -- help lists them)`);
  const args = parseArgs(argv.slice(verb.words.length));
  const json = args.options.json === true;
  delete args.options.json;
  return { verb, args, json };
}

export interface RunSecrets {
  /** `operators add`: read by the CLI from OPS_PASSWORD or a prompt, never from the command line. */
  password?: string;
}

export async function runOps(app: Platform, actor: OpsActor, argv: readonly string[], secrets: RunSecrets = {}): Promise<RunResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let resolved: Resolved | undefined;
  try {
    resolved = resolveVerb(argv);
    if (secrets.password !== undefined) resolved.args.options.password = secrets.password;
    const exitCode = await resolved.verb.run({ app, actor, json: resolved.json, out: (line) => stdout.push(line), err: (line) => stderr.push(line) }, resolved.args);
    return { exitCode, stdout, stderr };
  } catch (err) {
    const json = resolved?.json ?? argv.includes('--json');
    const say = (code: string, message: string) => (json ? stdout.push(JSON.stringify({ error: { code, message } })) : stderr.push(message));
    if (err instanceof UsageError) {
      say('usage', resolved ? `${err.message} (usage: ${resolved.verb.usage})` : err.message);
      return { exitCode: 2, stdout, stderr };
    }
    if (err instanceof OpsRefusal) {
      say(err.code, `refused: ${err.message} (${err.code})`);
      return { exitCode: 1, stdout, stderr };
    }
    if (err instanceof ApiError) {
      say(err.errorCode, `refused: ${err.errorCode}`);
      return { exitCode: 1, stdout, stderr };
    }
    app.log.error({ err }, 'ops verb failed');
    say('failed', `failed: ${(err as Error).message}`);
    return { exitCode: 1, stdout, stderr };
  }
}
