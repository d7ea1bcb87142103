/**
 * The ops CLI: argument handling and the runner, then the real command on a PGlite data folder,
 * first with no server (the verb runs in the CLI's process), then while a server holds the folder
 * (the verb is sent to POST /ops/cli with the folder's key), and the refusals of that route.
 *
 * A real `npm run ops` process is started where the process is the point: its exit code and
 * output, the password read from the environment, the usage told before anything is opened, the
 * folder or database it opens on its own, the link to the server holding the folder. The other
 * verbs run the CLI's in-process path here (the platform it opens from the same environment, the
 * verb through runOps as its actor), which prints the same lines.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceOption, parseArgs, UsageError } from '../../../server/ops/cli-args';
import { CLI_KEY_FILE, CLI_ENDPOINT_FILE, isDirectLoopback } from '../../../server/ops/cli-link';
import { ALL_VERBS, helpLines, resolveVerb, runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { parseEnv } from '../../../server/config';
import { openPlatform, type Logger } from '../../../server/platform';
import { call, expectLedgerClean, postgresAvailable, postgresDatabase, startServer, TEST_KEY_ENCRYPTION_KEY, type TestServer } from '../helpers';
import { childEnv, exited, freePort, runCli, spawnServer, waitReady, type CliRun } from '../ops-spawn';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const USER = userInfo().username;
const quiet = () => {};
const QUIET: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet };

/**
 * Runs verbs the way the CLI does in its own process when no server holds the folder
 * (scripts/ops.ts): the platform opened from the CLI's environment (DATA_DIR or DATABASE_URL, no
 * housekeeping), each verb through runOps as `cli:<os user>`, then closed. Answers what the CLI
 * would have printed, line by line.
 */
async function runInProcess(dataDir: string, argvs: string[][], extra: Record<string, string> = {}): Promise<CliRun[]> {
  const env = parseEnv(childEnv(dataDir, extra));
  const platform = await openPlatform({ ...env.app, housekeeping: false }, QUIET);
  const actor: OpsActor = { operatorId: null, actor: `cli:${USER}`, merchantCodes: null };
  const printed = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
  try {
    const runs: CliRun[] = [];
    for (const argv of argvs) {
      const result = await runOps(platform, actor, argv);
      runs.push({ code: result.exitCode, stdout: printed(result.stdout), stderr: printed(result.stderr) });
    }
    return runs;
  } finally {
    await platform.close();
  }
}

describe('ops arguments', () => {
  it('splits positionals and options, keeps negative amounts positional, refuses a password on the command line', () => {
    expect(parseArgs(['demoph01', 'bob', '-50.25', '--reason', 'a b c', '--totp', 'x', '--limit=5'])).toEqual({
      positionals: ['demoph01', 'bob', '-50.25', 'x'],
      options: { reason: 'a b c', totp: true, limit: '5' },
    });
    expect(() => parseArgs(['--password', 'secret123456'])).toThrow(UsageError);
    expect(() => parseArgs(['--password=secret123456'])).toThrow(/not read from the command line/);
    expect(() => parseArgs(['--BAD'])).toThrow(UsageError);
  });

  it('takes a choice option only from its list: absent is undefined, another value or no value is refused', () => {
    const states = ['pending', 'paid', 'rejected'] as const;
    expect(choiceOption(parseArgs(['--state', 'paid']), 'state', states)).toBe('paid');
    expect(choiceOption(parseArgs([]), 'state', states)).toBeUndefined();
    expect(choiceOption(parseArgs(['--state', 'approved']), 'state', states)).toBeNull();
    expect(choiceOption(parseArgs(['--state']), 'state', states)).toBeNull();
  });

  it('finds verbs by their words, lists them all in help, and names an unknown one', () => {
    expect(resolveVerb(['balance', 'adjust', 'a', 'b', '1']).verb.words).toEqual(['balance', 'adjust']);
    expect(resolveVerb(['ledger', 'check', '--json']).json).toBe(true);
    expect(() => resolveVerb(['ledger', 'fix'])).toThrow(/unknown verb "ledger fix"/);
    const help = helpLines().join('\n');
    for (const v of ALL_VERBS) expect(help).toContain(v.words.join(' '));
    const names = ALL_VERBS.map((v) => v.words.join(' '));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['ledger check', 'balance adjust', 'turnover waive', 'audit list', 'operators add', 'operators list', 'operators disable']));
  });

  it('tells a loopback connection from a relayed or remote one', () => {
    expect(isDirectLoopback('127.0.0.1', {})).toBe(true);
    expect(isDirectLoopback('::1', {})).toBe(true);
    expect(isDirectLoopback('::ffff:127.0.0.1', {})).toBe(true);
    expect(isDirectLoopback('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(isDirectLoopback('127.0.0.1', { forwarded: 'for=203.0.113.9' })).toBe(false);
    expect(isDirectLoopback('10.0.0.8', {})).toBe(false);
    expect(isDirectLoopback('::ffff:10.0.0.8', {})).toBe(false);
    expect(isDirectLoopback(undefined, {})).toBe(false);
  });
});

describe('ops runner and /ops/cli in process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(async () => server?.close());

  it('answers exit 2 with one line for bad usage, 1 with one line for a refusal, and one JSON document with --json', async () => {
    const { app } = server;
    const missing = await runOps(app, CLI, ['balance', 'adjust', 'demoph01']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toHaveLength(1);
    expect(missing.stderr[0]).toMatch(/^missing <username>/);
    const noReason = await runOps(app, CLI, ['balance', 'adjust', 'demoph01', 'demoteam2', '5']);
    expect([noReason.exitCode, noReason.stderr[0]]).toEqual([2, expect.stringMatching(/^missing --reason/)]);
    const badAmount = await runOps(app, CLI, ['balance', 'adjust', 'demoph01', 'demoteam2', '5.001', '--reason', 'why not']);
    expect(badAmount.exitCode).toBe(2);
    const typo = await runOps(app, CLI, ['ledger', 'check', '--reaosn', 'x']);
    expect([typo.exitCode, typo.stderr[0]]).toEqual([2, expect.stringMatching(/unknown option --reaosn/)]);
    const nobody = await runOps(app, CLI, ['turnover', 'waive', 'demoph01', 'nobody-here', '--reason', 'test run']);
    expect(nobody.exitCode).toBe(1);
    expect(nobody.stderr).toEqual(['refused: no member nobody-here in merchant demoph01 (not.found)']);
    const overdraw = await runOps(app, CLI, ['balance', 'adjust', 'demoph01', 'demoteam2', '-999999', '--reason', 'too much', '--json']);
    expect(overdraw.exitCode).toBe(1);
    expect(JSON.parse(overdraw.stdout.join('\n'))).toMatchObject({ error: { code: 'balance.insufficient' } });

    const ok = await runOps(app, CLI, ['balance', 'adjust', 'demoph01', 'demoteam2', '12.5', '--reason', 'runner credit', '--json']);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toHaveLength(1);
    expect(JSON.parse(ok.stdout[0])).toMatchObject({ amount: 1250, merchant: 'demoph01', username: 'demoteam2' });
    const audit = await runOps(app, CLI, ['audit', 'list', '--limit', '1']);
    expect(audit.stdout[0]).toMatch(/cli:test {2}balance\.adjust {2}member:\d+ {2}demoph01 {2}"runner credit"$/);
    await expectLedgerClean(app);
  });

  it('a --key makes a CLI adjustment idempotent', async () => {
    const { app } = server;
    const argv = ['balance', 'adjust', 'demoph01', 'demoteam3', '3', '--reason', 'retry safe', '--key', 'cli-key-0001'];
    const before = (await app.repos.ledger.walletOf((await app.repos.members.byUsername('demoph01', 'demoteam3'))!.id))!.balance;
    expect((await runOps(app, CLI, argv)).exitCode).toBe(0);
    expect((await runOps(app, CLI, argv)).exitCode).toBe(0);
    const after = (await app.repos.ledger.walletOf((await app.repos.members.byUsername('demoph01', 'demoteam3'))!.id))!.balance;
    expect(after - before).toBe(300);
  });

  it('/ops/cli refuses a wrong key and a non-loopback peer even with the right key', async () => {
    const { app } = server;
    const body = { argv: ['ledger', 'check'], user: 'tester' };
    const right = { 'x-ops-cli-key': app.opsCliKey };
    const ok = await call<{ exitCode: number; stdout: string[] }>(app, 'POST', '/ops/cli', { ip: '127.0.0.1', headers: right, body });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toEqual({ exitCode: 0, stdout: ['ledger clean'], stderr: [] });
    const remote = await call(app, 'POST', '/ops/cli', { ip: '10.9.8.7', headers: right, body });
    expect([remote.status, remote.body.errorCode]).toEqual([403, 'ops.cli.forbidden']);
    const wrong = await call(app, 'POST', '/ops/cli', { ip: '127.0.0.1', headers: { 'x-ops-cli-key': `${app.opsCliKey}x` }, body });
    expect(wrong.status).toBe(403);
    const none = await call(app, 'POST', '/ops/cli', { ip: '127.0.0.1', body });
    expect(none.status).toBe(400);
  });
});

describe('ops CLI on a PGlite data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-ops-cli-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('with no server: runs verbs in its own process (exit 0, 1, 2 as documented)', async () => {
    // The first verb creates the folder's database, with the password from OPS_PASSWORD.
    const add = await runCli(dataDir, ['operators', 'add', 'cliadmin', '--merchants', 'demoph01'], { OPS_PASSWORD: 'long enough pass' });
    // Bad usage, a missing password and help are told before anything is opened: those processes run side by side.
    const [noPassword, usage, unknown, help] = await Promise.all([
      runCli(dataDir, ['operators', 'add', 'other']),
      runCli(dataDir, ['turnover', 'waive', 'demoph01']),
      runCli(dataDir, ['deposits', 'frobnicate']),
      runCli(dataDir, ['help']),
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toMatch(/^operator cliadmin created \(id \d+, merchants demoph01\)$/m);
    expect([noPassword.code, noPassword.stderr.trim()]).toEqual([2, 'no password: set OPS_PASSWORD or run on a terminal to be asked']);
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'unknown verb "deposits frobnicate" (npm run ops -- help lists them)']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('balance adjust <merchant> <username> <amount>');

    const [check, credit, audit] = await runInProcess(dataDir, [
      ['ledger', 'check'],
      ['balance', 'adjust', 'demoph01', 'demoplayer', '10', '--reason', 'in-process credit'],
      ['audit', 'list', '--json'],
    ]);
    expect([check.code, check.stdout]).toEqual([0, 'ledger clean\n']);
    expect([credit.code, credit.stdout.trim()]).toEqual([0, expect.stringMatching(/^adjusted demoph01\/demoplayer by 10\.00: balance 1,240\.50 -> 1,250\.50/)]);
    const rowsFound = JSON.parse(audit.stdout) as { actor: string; action: string }[];
    expect(rowsFound.map((r) => [r.actor, r.action])).toEqual([
      [`cli:${USER}`, 'balance.adjust'],
      [`cli:${USER}`, 'operator.add'],
    ]);
  }, 240_000);

  it('while a server holds the folder: sends the verb to it with the folder key; the route refuses a wrong key or a forwarded request', async () => {
    const port = await freePort();
    server = spawnServer(dataDir, port);
    await waitReady(port, server);
    const keyPath = join(dataDir, CLI_KEY_FILE);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, CLI_ENDPOINT_FILE), 'utf8'))).toMatchObject({ pid: server.pid, port });

    const debit = await runCli(dataDir, ['balance', 'adjust', 'demoph01', 'demoplayer', '-5', '--reason', 'through the server']);
    expect([debit.code, debit.stdout.trim()]).toEqual([0, expect.stringMatching(/^adjusted demoph01\/demoplayer by -5\.00: balance 1,250\.50 -> 1,245\.50/)]);
    const refused = await runCli(dataDir, ['balance', 'adjust', 'demoph01', 'demoplayer', '-99999', '--reason', 'too much']);
    expect([refused.code, refused.stderr.trim()]).toEqual([1, expect.stringMatching(/^refused: .*\(balance\.insufficient\)$/)]);
    const add = await runCli(dataDir, ['operators', 'add', 'viaserver'], { OPS_PASSWORD: 'another long one' });
    expect(add.code, add.stderr).toBe(0);

    // What the CLI sends, sent here: the verb, the folder key, from the loopback address.
    const key = readFileSync(keyPath, 'utf8').trim();
    const send = (headers: Record<string, string>, argv = ['ledger', 'check'], user = 'intruder') =>
      fetch(`http://127.0.0.1:${port}/ops/cli`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ argv, user }),
      });
    const ran = async (argv: string[]) => ((await (await send({ 'x-ops-cli-key': key }, argv, USER)).json()) as { value: { exitCode: number; stdout: string[] } }).value;
    const audit = await ran(['audit', 'list', '--limit', '2', '--json']);
    expect(audit.exitCode).toBe(0);
    expect((JSON.parse(audit.stdout.join('\n')) as { actor: string; action: string; reason: string | null }[]).map((r) => [r.actor, r.action, r.reason])).toEqual([
      [`cli:${USER}`, 'operator.add', null],
      [`cli:${USER}`, 'balance.adjust', 'through the server'],
    ]);
    expect(await ran(['ledger', 'check'])).toEqual({ exitCode: 0, stdout: ['ledger clean'], stderr: [] });

    const wrongKey = await send({ 'x-ops-cli-key': key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(wrongKey.status).toBe(403);
    expect(((await wrongKey.json()) as { errorCode: string }).errorCode).toBe('ops.cli.forbidden');
    const forwarded = await send({ 'x-ops-cli-key': key, 'x-forwarded-for': '127.0.0.1' });
    expect(forwarded.status).toBe(403);
    const direct = await send({ 'x-ops-cli-key': key });
    expect(direct.status).toBe(200);

    // A clean stop removes the key and the endpoint file.
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(existsSync(keyPath)).toBe(false);
    expect(existsSync(join(dataDir, CLI_ENDPOINT_FILE))).toBe(false);
  }, 240_000);
});

describe.skipIf(!postgresAvailable)('ops CLI on PostgreSQL (DATABASE_URL)', () => {
  // A database of its own (a copy of the run's template), dropped afterwards: the CLI opens what DATABASE_URL names.
  let database: { url: string; drop: () => Promise<void> } | undefined;
  const url = () => database!.url;
  beforeAll(async () => {
    database = await postgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs the verb in its own process on the database, whatever DATA_DIR holds', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'wl-ops-pg-'));
    try {
      const env = { DATABASE_URL: url(), KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY };
      const credit = await runCli(emptyDir, ['balance', 'adjust', 'demoen01', 'demoplayer', '7.25', '--reason', 'on postgres'], env);
      expect([credit.code, credit.stderr]).toEqual([0, '']);
      expect(credit.stdout).toMatch(/^adjusted demoen01\/demoplayer by 7\.25: /);
      const [audit, check] = await runInProcess(emptyDir, [['audit', 'list', '--json'], ['ledger', 'check']], env);
      expect((JSON.parse(audit.stdout) as { actor: string; reason: string }[])[0]).toMatchObject({ actor: `cli:${USER}`, reason: 'on postgres' });
      expect([check.code, check.stdout]).toEqual([0, 'ledger clean\n']);
      // Nothing was written to the data folder: PostgreSQL was used.
      expect(existsSync(join(emptyDir, 'pgdata'))).toBe(false);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  }, 240_000);
});
