/**
 * The back-office CLI (scripts/ops.ts): `npm run ops -- <verb> [arguments] [--json]` (`npm run ops -- help` lists
 * the verbs). Exit 0 done, 1 refused or problems found, 2 bad usage (one line naming it).
 *
 * Where it runs the verb, from the same environment as the server (DATABASE_URL, DATA_DIR, ...):
 *   a) DATABASE_URL set (PostgreSQL): in this process, on the platform a server opens (database,
 *      tenants, providers; server/platform.ts), with no HTTP app; closed afterwards. Any number of
 *      servers may be running.
 *   b) PGlite in DATA_DIR (default ./.data) and no server holding it: the same, in this process
 *      (it takes the folder's lock for the duration, so a server cannot start meanwhile).
 *   c) PGlite in DATA_DIR held by a running server (DATA_DIR/server.lock names a live process):
 *      the verb is sent to that server, POST /ops/cli on the loopback address and port it wrote
 *      to DATA_DIR/ops-cli.json (else PORT), with the key it wrote to DATA_DIR/ops-cli.key (mode
 *      0600): whoever can read the data folder can read the database anyway, nobody else can.
 * In every case the audit's actor is `cli:<os user>`, and the actor may act on every merchant.
 *
 * `operators add` reads the password from OPS_PASSWORD, or asks for it without echo on a
 * terminal; never from the command line (shell history, `ps`).
 */
import { userInfo } from 'node:os';
import { parseEnv, type EnvSettings } from '../server/config';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { TenantConfigError } from '../server/lib/tenant-registry';
import { UsageError } from '../server/ops/cli-args';
import { CLI_KEY_HEADER, loopbackHost, readCliKey, readEndpoint, runningServer } from '../server/ops/cli-link';
import { MIN_PASSWORD_LENGTH } from '../server/ops/credentials';
import { helpLines, resolveVerb, runOps, type RunResult, type RunSecrets } from '../server/ops/runner';
import type { OpsActor } from '../server/ops/types';
import { openPlatform, type Logger } from '../server/platform';

function finish(result: RunResult): never {
  for (const line of result.stdout) process.stdout.write(`${line}\n`);
  for (const line of result.stderr) process.stderr.write(`${line}\n`);
  process.exit(result.exitCode);
}

const fail = (code: number, line: string): never => finish({ exitCode: code, stdout: [], stderr: [line] });

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function passwordFor(argv: string[]): Promise<RunSecrets> {
  if (argv[0] !== 'operators' || argv[1] !== 'add') return {};
  let password = process.env.OPS_PASSWORD;
  if (password === undefined) {
    if (!process.stdin.isTTY) throw new UsageError('no password: set OPS_PASSWORD or run on a terminal to be asked');
    password = await promptHidden('password: ');
    const again = await promptHidden('again: ');
    if (again !== password) throw new UsageError('the two passwords differ');
  }
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  return { password };
}

/** Case c: the server holding the data folder runs the verb. */
async function runRemote(env: EnvSettings, dataDir: string, argv: string[], user: string, secrets: RunSecrets): Promise<RunResult> {
  const key = readCliKey(dataDir);
  const endpoint = readEndpoint(dataDir);
  if (!key) return fail(1, `a server holds ${dataDir} but its ${dataDir}/ops-cli.key is missing or unreadable (run as the server's user)`);
  const host = endpoint ? loopbackHost(endpoint.host) : '127.0.0.1';
  if (!host) return fail(1, `the server listens on ${endpoint?.host} only, not on a loopback address: the CLI cannot reach it`);
  const port = endpoint?.port ?? env.port;
  let res: Response;
  try {
    res = await fetch(`http://${host}:${port}/ops/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_KEY_HEADER]: key },
      body: JSON.stringify({ argv, user, ...secrets }),
    });
  } catch (err) {
    return fail(1, `cannot reach the server holding ${dataDir} at ${host}:${port}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; value?: RunResult; errorCode?: string } | null;
  if (!body?.success || !body.value) return fail(1, `the server refused the verb: ${body?.errorCode ?? `HTTP ${res.status}`}`);
  return body.value;
}

/**
 * The CLI's log: errors only, one JSON line each on stderr (stdout is the verb's output, one JSON
 * document with --json; the server's start-up warnings are the server's to tell).
 */
function stderrLogger(): Logger {
  const quiet = () => {};
  const line = (level: string) => (first: object | string, msg?: string) => {
    const fields = typeof first === 'string' ? { msg: first } : { ...first, ...(msg === undefined ? {} : { msg }) };
    process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), ...fields }, (_k, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message } : v))}\n`);
  };
  return { debug: quiet, info: quiet, warn: quiet, error: line('error') };
}

/** Cases a and b: the verb in this process, on the platform alone (no HTTP app, nothing listening). */
async function runInProcess(env: EnvSettings, argv: string[], actor: OpsActor, secrets: RunSecrets): Promise<RunResult> {
  const platform = await openPlatform({ ...env.app, housekeeping: false }, stderrLogger());
  try {
    return await runOps(platform, actor, argv, secrets);
  } finally {
    await platform.close();
  }
}

/** Runs an ops verb as `npm run ops` does (also `npm run tenant -- publish ...`), then exits. */
export async function runOpsCli(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') finish({ exitCode: 0, stdout: helpLines(), stderr: [] });
  let secrets: RunSecrets;
  try {
    // Bad usage is told before anything is opened.
    resolveVerb(argv);
    secrets = await passwordFor(argv);
  } catch (err) {
    if (err instanceof UsageError) fail(2, err.message);
    return fail(1, (err as Error).message);
  }
  let env: EnvSettings;
  try {
    env = parseEnv(process.env);
  } catch (err) {
    return fail(2, (err as Error).message);
  }
  const user = userInfo().username;
  const actor: OpsActor = { operatorId: null, actor: `cli:${user}`, merchantCodes: null };
  const dataDir = env.app.dataDir;
  if (env.app.db === 'pglite' && dataDir && runningServer(dataDir) !== null) {
    finish(await runRemote(env, dataDir, argv, user, secrets));
  }
  try {
    finish(await runInProcess(env, argv, actor, secrets));
  } catch (err) {
    if (err instanceof TenantConfigError) fail(1, err.lines.join('\n'));
    // A server took the folder between the check and the opening: it can run the verb.
    if (err instanceof DataDirLockedError && dataDir) finish(await runRemote(env, dataDir, argv, user, secrets));
    fail(1, `failed: ${(err as Error).message}`);
  }
}

