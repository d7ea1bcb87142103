/**
 * `npm run wallet-mutations`: proves the conformance kit (reference/wallet-conformance) catches
 * the removal of each rule of docs/vendor-wallet.md from the platform. For each mutation (a small
 * change to the wallet's source that removes one rule) it writes the change, starts the platform
 * from the changed source in a child process (PGlite, a copy of a database made once for the run,
 * listening on a loopback port), prepares the kit's inputs as an operator does
 * (scripts/wallet-kit-platform.ts), runs the kit as a child process and prints which cases
 * failed; then it restores the file (also on Ctrl-C). A mutation no case catches is a gap of the
 * kit and is printed as such; the exit code is 1 when there is one (or when the unchanged source
 * does not pass every case).
 *
 *   npm run wallet-mutations [-- <mutation name> ...]
 *
 * Never run it beside a server or tests of this checkout: the sources change while it runs.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { prepareKit, ROOT, runKit } from './wallet-kit-platform';

const SERVICE = 'server/modules/games/services/vendor-wallet.ts';
const ROUTES = 'server/modules/games/routes/vendor-wallet.ts';
const SIGNING = 'server/modules/games/services/vendor-signing.ts';
const TOKENS = 'server/repositories/game-tokens.ts';

interface Edit {
  file: string;
  find: string;
  replace: string;
  /** Every occurrence (else exactly one must be there). */
  all?: boolean;
}

interface Mutation {
  name: string;
  /** The rule of docs/vendor-wallet.md it removes. */
  rule: string;
  edits: Edit[];
  /** Why no case can catch it from outside (the rule is kept elsewhere too); printed, not a gap. */
  uncaught?: string;
}

const MUTATIONS: Mutation[] = [
  {
    name: 'no-signature-check',
    rule: 'Transport: a missing or bad signature answers 401',
    edits: [{ file: SIGNING, find: "if (typeof signature !== 'string' || signature === '') return false;\n      try {", replace: 'return true;\n      try {' }],
  },
  {
    name: 'no-timestamp-check',
    rule: 'Transport: a timestamp more than 300 s away answers 401',
    edits: [{ file: SIGNING, find: 'return typeof timestamp ===', replace: 'return true || typeof timestamp ===' }],
  },
  {
    name: 'answers-unsigned',
    rule: 'Transport: every answer is signed',
    edits: [{ file: ROUTES, find: "if (vendor && typeof payload === 'string') reply.header", replace: "if (false && vendor && typeof payload === 'string') reply.header" }],
  },
  {
    name: 'launch-token-reusable',
    rule: 'Launch: the launch token is spent once by session/open',
    edits: [{ file: TOKENS, find: 'if (row.usedAt !== null || row.expiresAt', replace: 'if (row.expiresAt' }],
  },
  {
    name: 'no-request-replay',
    rule: '1. same request_uuid, same answer',
    edits: [{ file: SERVICE, find: 'return row ? (JSON.parse(row.answer) as Answer) : null;', replace: 'return row && false ? (JSON.parse(row.answer) as Answer) : null;' }],
  },
  {
    name: 'no-transaction-repeat',
    rule: '2. a transaction_uuid is processed once (a repeat answers RS_OK)',
    edits: [
      { file: SERVICE, find: 'if (seen) {', replace: 'if (seen && false) {' },
      { file: SERVICE, find: 'if (previous) {', replace: 'if (previous && false) {', all: true },
    ],
  },
  {
    name: 'no-duplicate-check',
    rule: '2. a transaction_uuid with another content answers RS_ERROR_DUPLICATE_TRANSACTION',
    edits: [{ file: SERVICE, find: 'for (const [k, v] of Object.entries(same)) {', replace: 'for (const [k, v] of Object.entries(same).slice(0, 0)) {' }],
  },
  {
    name: 'win-of-unknown-bet-taken',
    rule: '3. a win of an unknown bet answers RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    edits: [
      {
        file: SERVICE,
        find: "if (!ref || 'foreign' in ref || (ref.kind !== 'bet' && ref.kind !== 'tombstone')) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');\n      if (ref.kind === 'tombstone' || ref.rolledBack) throw",
        replace:
          "if (ref && ('foreign' in ref || (ref.kind !== 'bet' && ref.kind !== 'tombstone'))) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');\n      if (ref && (ref.kind === 'tombstone' || ref.rolledBack)) throw",
      },
      { file: SERVICE, find: "reference: `B${ref.betId}` });\n      const balance", replace: "reference: `B${ref?.betId}` });\n      const balance" },
      { file: SERVICE, find: 'await platform.repos.bets.adjust(tx, { id: ref.betId!, merchantCode: m.member.merchantCode }, { stake: 0, win: body.amount', replace: 'if (ref) await platform.repos.bets.adjust(tx, { id: ref.betId!, merchantCode: m.member.merchantCode }, { stake: 0, win: body.amount' },
      { file: SERVICE, find: '...same, betId: ref.betId, ledgerTransactionId: ledgerTxn });\n      // Big wins', replace: '...same, betId: ref?.betId, ledgerTransactionId: ledgerTxn });\n      // Big wins' },
      { file: SERVICE, find: 'WHERE id = ${ref.betId}', replace: 'WHERE id = ${ref?.betId ?? 0}' },
    ],
  },
  {
    name: 'no-tombstone',
    rule: '4. a rollback before its bet is kept: the bet arriving later is refused',
    edits: [{ file: SERVICE, find: "await tx.insert(vendorTransactions).values({ vendor: vendor.code, transactionUuid: body.reference_transaction_uuid, kind: 'tombstone'", replace: "if (false) await tx.insert(vendorTransactions).values({ vendor: vendor.code, transactionUuid: body.reference_transaction_uuid, kind: 'tombstone'" }],
  },
  {
    name: 'rollback-twice',
    rule: '5. a rollback is done once',
    edits: [{ file: SERVICE, find: "if (ref.kind === 'tombstone' || ref.rolledBack) {", replace: "if (ref.kind === 'tombstone') {" }],
  },
  {
    name: 'rollback-of-win-no-debit',
    rule: '5. a rollback of a win debits the win',
    edits: [{ file: SERVICE, find: 'if (moved > 0) ledgerTxn = await moves.unwin(moved, note);', replace: 'if (moved < 0) ledgerTxn = await moves.unwin(moved, note);' }],
  },
  {
    name: 'win-after-rollback-taken',
    rule: '5. a win for a rolled-back bet is refused',
    edits: [{ file: SERVICE, find: "if (ref.kind === 'tombstone' || ref.rolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');", replace: "if (ref.kind === 'tombstone') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');" }],
  },
  {
    name: 'expiry-checked-on-wins',
    rule: '6. token expiry is not checked on wins and rollbacks',
    edits: [{ file: SERVICE, find: 'const m = await memberOf(platform, vendor, body, false);', replace: 'const m = await memberOf(platform, vendor, body, true);', all: true }],
  },
  {
    name: 'expiry-not-checked-on-bets',
    rule: '6. a bet or balance call with an expired token answers RS_ERROR_TOKEN_EXPIRED',
    edits: [{ file: SERVICE, find: 'if (live && grant!.expired) throw', replace: 'if (false && live && grant!.expired) throw' }],
  },
  {
    name: 'not-enough-money-unanswered',
    rule: '7. not enough money answers RS_ERROR_NOT_ENOUGH_MONEY',
    edits: [{ file: SERVICE, find: "err.errorCode === 'balance.insufficient'", replace: "err.errorCode === 'balance.insufficient.not'" }],
  },
  {
    name: 'not-enough-money-without-balance',
    rule: '7. ... with the current balance',
    edits: [{ file: SERVICE, find: "throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', { user: userOf(m.member.id), currency: m.wallet.currency, balance:", replace: "throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', { user: userOf(m.member.id), currency: m.wallet.currency, balance: 0 * " }],
  },
  {
    name: 'no-bet-limits',
    rule: '8. every bet respects the wager and loss limits',
    edits: [{ file: SERVICE, find: 'await enforceBetLimits(tx, m.tenant, m.member.id, body.amount);', replace: 'if (false) await enforceBetLimits(tx, m.tenant, m.member.id, body.amount);' }],
  },
  {
    name: 'no-exclusion-check',
    rule: '8. every bet respects time-out and self-exclusion (at session/open and bet)',
    edits: [{ file: SERVICE, find: "if (m.member.status !== 'ACTIVE') throw new Refusal('RS_ERROR_USER_DISABLED', { reason: 'disabled' });", replace: "if (m.member.status !== 'ACTIVE') throw new Refusal('RS_ERROR_USER_DISABLED', { reason: 'disabled' });\n  if (m.member.id > 0) return;" }],
  },
  {
    name: 'no-exclusion-check-on-bets',
    rule: '8. every bet respects self-exclusion (the bet only; session/open still refuses)',
    edits: [{ file: SERVICE, find: '    await disabledRefusal(platform, m);\n    if (await sessionLimitReached', replace: '    if (await sessionLimitReached' }],
    uncaught:
      "every exclusion the platform sets ends the member's sessions, so an excluded member's bet is refused by its token (RS_ERROR_TOKEN_EXPIRED) before this check: only an exclusion written beside a live session reaches it, which tests/server/games/vendor-wallet.test.ts (rule 8) does in the database",
  },
  {
    name: 'no-currency-check',
    rule: '9. the currency of a bet or win must be the wallet\'s',
    edits: [{ file: SERVICE, find: 'if (currency !== undefined && currency !== m.wallet.currency) throw', replace: 'if (false && currency !== undefined && currency !== m.wallet.currency) throw' }],
  },
  {
    name: 'no-currency-check-on-wins',
    rule: '9. the currency of a win must be the wallet\'s',
    edits: [{ file: SERVICE, find: "assertCurrency(vendor, m, body.currency);\n    const same = { kind: 'win'", replace: "const same = { kind: 'win'" }],
  },
  {
    name: 'no-game-check',
    rule: 'Statuses: a game not of this vendor answers RS_ERROR_INVALID_GAME',
    edits: [{ file: SERVICE, find: "if (!game || (offered && !tenantOffers(m.tenant, game.vassalage))) throw new Refusal('RS_ERROR_INVALID_GAME');\n  return game;", replace: "if (false) throw new Refusal('RS_ERROR_INVALID_GAME');\n  return game ?? (await platform.db.orm.select().from(games).where(eq(games.merchantCode, m.tenant.merchantCode)).limit(1))[0];" }],
  },
  {
    name: 'no-token-check',
    rule: 'Statuses: an unknown token answers RS_ERROR_INVALID_TOKEN',
    edits: [
      { file: SERVICE, find: "if (!grant && live) throw new Refusal('RS_ERROR_INVALID_TOKEN');", replace: '' },
      { file: SERVICE, find: 'if (live && grant!.expired) throw', replace: 'if (live && grant?.expired) throw' },
      { file: SERVICE, find: 'm.grant!.session.createdAt', replace: '(m.grant?.session.createdAt ?? new Date())' },
      { file: SERVICE, find: 'await assertRealityNotDue(platform, m.tenant, { session: m.grant!.session, member: m.member });', replace: 'if (m.grant) await assertRealityNotDue(platform, m.tenant, { session: m.grant.session, member: m.member });' },
    ],
  },
];

function applied(text: string, edit: Edit, name: string): string {
  const count = text.split(edit.find).length - 1;
  if (count === 0 || (count > 1 && !edit.all)) throw new Error(`mutation ${name}: ${edit.file} has ${count} of ${JSON.stringify(edit.find.slice(0, 60))}: the source changed, update the mutation`);
  return text.split(edit.find).join(edit.replace);
}

/** Runs `body` with the mutation's edits written; the files are restored after (and on SIGINT/SIGTERM). */
async function withMutation<T>(mutation: Mutation | null, body: () => Promise<T>): Promise<T> {
  const originals = new Map<string, string>();
  const restore = () => {
    for (const [file, text] of originals) writeFileSync(join(ROOT, file), text);
  };
  const onSignal = () => {
    restore();
    process.exit(130);
  };
  try {
    if (mutation) {
      const changed = new Map<string, string>();
      for (const edit of mutation.edits) {
        const text = changed.get(edit.file) ?? readFileSync(join(ROOT, edit.file), 'utf8');
        if (!originals.has(edit.file)) originals.set(edit.file, text);
        changed.set(edit.file, applied(text, edit, mutation.name));
      }
      process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
      for (const [file, text] of changed) writeFileSync(join(ROOT, file), text);
    }
    return await body();
  } finally {
    restore();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

const rsaPem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

/** The child: the platform from the sources as they are now on `dataDir`, the kit against it; prints the kit's lines. */
async function child(dataDir: string, prepareOnly: boolean): Promise<void> {
  const vendorKeys = rsaPem();
  const walletKeys = rsaPem();
  const app = await buildApp({
    db: 'pglite',
    dataDir,
    logger: false,
    housekeeping: false,
    vendors: { REFGAMES: { code: 'REFGAMES', url: 'http://127.0.0.1:9', signing: 'rsa', publicKey: vendorKeys.publicKey, catalogue: ['LUCKYREEL'], currencies: [] } },
    walletPrivateKey: walletKeys.privateKey,
  });
  try {
    await app.ready();
    if (prepareOnly) return;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const inputs = mkdtempSync(join(tmpdir(), 'wallet-kit-inputs-'));
    try {
      const args = await prepareKit(app, { vendor: 'REFGAMES', origin, vendorPrivateKey: vendorKeys.privateKey, walletPublicKey: walletKeys.publicKey, dir: inputs });
      const run = await runKit(args);
      process.stdout.write(run.stdout);
      if (run.stderr) process.stderr.write(run.stderr);
    } finally {
      rmSync(inputs, { recursive: true, force: true });
    }
  } finally {
    await app.close();
  }
}

function spawnChild(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/wallet-mutations.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The kit's FAIL lines of a run on a copy of the template database. */
async function kitFailures(template: string): Promise<{ failed: string[]; summary: string; problem?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-mutation-'));
  try {
    cpSync(template, dataDir, { recursive: true });
    const run = await spawnChild(['--child', dataDir]);
    const lines = run.stdout.trimEnd().split('\n');
    const summary = lines.find((l) => /^\d+ passed, \d+ failed, \d+ skipped$/.test(l));
    if (!summary) return { failed: [], summary: '', problem: `the platform or the kit did not run (exit ${run.code}): ${run.stderr.trim().split('\n').slice(-3).join(' | ')}` };
    return { failed: lines.filter((l) => l.startsWith('FAIL ')).map((l) => l.slice(5)), summary };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child' || argv[0] === '--prepare') {
    await child(argv[1], argv[0] === '--prepare');
    return;
  }
  const unknown = argv.filter((n) => !MUTATIONS.some((m) => m.name === n));
  if (unknown.length > 0) {
    process.stderr.write(`unknown mutation: ${unknown.join(', ')} (known: ${MUTATIONS.map((m) => m.name).join(', ')})\n`);
    process.exit(2);
  }
  const chosen = argv.length > 0 ? MUTATIONS.filter((m) => argv.includes(m.name)) : MUTATIONS;
  const template = mkdtempSync(join(tmpdir(), 'wallet-mutations-db-'));
  let gaps = 0;
  try {
    const prepared = await spawnChild(['--prepare', template]);
    if (prepared.code !== 0) throw new Error(`the platform did not start: ${prepared.stderr}`);
    const baseline = await kitFailures(template);
    console.log(`unchanged source: ${baseline.problem ?? baseline.summary}`);
    if (baseline.problem || baseline.failed.length > 0) {
      for (const f of baseline.failed) console.log(`  FAIL ${f}`);
      process.exitCode = 1;
      return;
    }
    for (const mutation of chosen) {
      const result = await withMutation(mutation, () => kitFailures(template));
      const caught = result.failed.length > 0;
      if (!caught && !mutation.uncaught) gaps++;
      console.log(`\n${mutation.name} (rule ${mutation.rule})`);
      if (result.problem) console.log(`  ${result.problem}`);
      else if (!caught && mutation.uncaught) console.log(`  not caught, as expected: ${mutation.uncaught}`);
      else if (!caught) console.log(`  GAP: no case fails (${result.summary})`);
      else for (const f of result.failed) console.log(`  caught by ${f.length > 160 ? `${f.slice(0, 160)}...` : f}`);
    }
    const expected = chosen.filter((m) => m.uncaught).length;
    console.log(`\n${chosen.length - gaps - expected} of ${chosen.length - expected} mutations caught${gaps ? `, ${gaps} not (gaps of the kit)` : ''}${expected ? ` (and ${expected} out of the kit's reach, as expected)` : ''}`);
    process.exitCode = gaps > 0 ? 1 : 0;
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}

await main();
