/**
 * `npm run wallet-conformance` as an operator runs it: a child process against the model wallet,
 * its inputs in files; one line per case and a closing count; bad arguments name themselves.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, prepareExpiredSession } from '../../reference/wallet-conformance/cases';
import { runKit, type KitRun } from '../../scripts/wallet-kit-platform';
import { type ModelWallet, startModelWallet } from './model-wallet';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

/** The command in a child process (asynchronous: the model wallet answers from this process). */
const kit = runKit;

const wallets: ModelWallet[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wallet-conformance-'));
});
afterAll(async () => {
  await Promise.all(wallets.map((w) => w.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run wallet-conformance', () => {
  it('is the package script', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['wallet-conformance']).toBe('node --import tsx scripts/wallet-conformance.ts');
  });

  it('passes a wallet keeping every rule: a PASS line per case, the count, exit 0', async () => {
    const wallet = await startModelWallet();
    wallets.push(wallet);
    const user = wallet.addMember({ balance: 100_000 });
    const expired = await prepareExpiredSession({ base: wallet.base, signing: wallet.vendorSigning }, wallet.launchToken(user));
    wallet.expire(expired.token);
    const run = await kit([
      '--url', wallet.base,
      '--vendor', 'MODEL',
      '--key', file('vendor.pem', wallet.vendorKeyPem!),
      // The wallet's key as one base64 line, as an environment variable would hold it.
      '--wallet-key', file('wallet.pub', Buffer.from(wallet.walletPublicKeyPem!).toString('base64')),
      '--launch-tokens-file', file('tokens.txt', `# test member ${user}\n${wallet.launchToken(user)}\n\n${wallet.launchToken(user)}\n`),
      '--expired-token-file', file('expired.json', JSON.stringify(expired)),
      '--limited-launch-token', wallet.launchToken(wallet.addMember({ wagerLimit: 500 })),
      '--excluded-launch-token', wallet.launchToken(wallet.addMember({ excluded: true })),
      '--game', wallet.games[0],
      '--game', wallet.games[1],
      '--currency', 'PHP',
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trimEnd().split('\n')).toEqual([...CASES.map((c) => `PASS ${c.name}`), `${CASES.length} passed, 0 failed, 0 skipped`]);
    expect(run.code).toBe(0);
  });

  it('names a failed case with its reason and a skipped one with what it needs; exit 1 (hmac)', async () => {
    const wallet = await startModelWallet({ signing: 'hmac', off: ['enoughMoney'] });
    wallets.push(wallet);
    const user = wallet.addMember({ balance: 100_000 });
    const run = await kit(['--url', `${wallet.base}/`, '--vendor', 'MODEL', '--secret-file', file('secret.txt', `${wallet.secret!}\n`), '--launch-token', wallet.launchToken(user)]);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL not-enough-money: a stake of the balance plus one: expected HTTP 200 RS_ERROR_NOT_ENOUGH_MONEY, got HTTP 200 RS_OK$/));
    expect(lines.filter((l) => l.startsWith('SKIP'))).toEqual([
      'SKIP expired-token: needs --expired-token-file',
      'SKIP wager-limit: needs --limited-launch-token',
      'SKIP self-exclusion: needs --excluded-launch-token',
    ]);
    expect(lines.at(-1)).toBe(`${CASES.length - 4} passed, 1 failed, 3 skipped`);
    expect(run.code).toBe(1);
  });

  it('refuses bad arguments with one line naming the argument, exit 2', { timeout: 180_000 }, async () => {
    const wallet = await startModelWallet();
    wallets.push(wallet);
    const key = file('key.pem', wallet.vendorKeyPem!);
    const pub = file('pub.pem', wallet.walletPublicKeyPem!);
    const url = ['--url', 'http://127.0.0.1:9/vendor/MODEL'];
    const ok = [...url, '--vendor', 'MODEL', '--key', key];
    const cases: [string[], RegExp][] = [
      [[], /^--url: required/],
      [['--url', 'not-a-url', '--vendor', 'MODEL', '--key', key], /^--url: not an http\(s\) URL/],
      [[...url, '--key', key], /^--vendor: required/],
      [[...url, '--vendor', 'model', '--key', key], /^--vendor: not an upper-case vendor code/],
      [[...url, '--vendor', 'MODEL'], /^--key: required/],
      [[...url, '--vendor', 'MODEL', '--key', path.join(dir, 'missing.pem')], /^--key: cannot read/],
      [[...url, '--vendor', 'MODEL', '--key', pub], /^--key: .* is not an RSA private key/],
      [[...ok, '--wallet-key', key], /^--wallet-key: .* is not an RSA public key/],
      [[...ok, '--secret-file', file('short.txt', 'short')], /^--secret-file: give --key \(rsa\) or --secret-file \(hmac\), not both/],
      [[...url, '--vendor', 'MODEL', '--secret-file', path.join(dir, 'short.txt')], /^--secret-file: the secret must have at least 32 characters/],
      [[...ok, '--launch-tokens-file', path.join(dir, 'none.txt')], /^--launch-tokens-file: cannot read/],
      [[...ok, '--expired-token-file', file('bad.json', '{')], /^--expired-token-file: .* is not JSON/],
      [[...ok, '--expired-token-file', file('thin.json', '{"token":"t"}')], /^--expired-token-file: .* must hold/],
      [[...ok, '--currency', 'php'], /^--currency: not an ISO 4217 code/],
      [[...ok, '--game', 'a', '--game', 'a'], /^--game: the second must be another game/],
      [[...ok, '--bogus'], /^--bogus: Unknown option/],
      [[...ok, '--url'], /^--url: /],
      [[...ok, '--excluded-launch-token', '-J5Sy5ZNiLJ'], /^--excluded-launch-token: a value beginning with '-' is given as --excluded-launch-token=<value>$/m],
      [[...ok, 'stray'], /^stray: Unexpected argument/],
    ];
    // A few at a time: each is a Node process with its TypeScript loader.
    const runs: KitRun[] = [];
    for (let i = 0; i < cases.length; i += 4) runs.push(...(await Promise.all(cases.slice(i, i + 4).map(([args]) => kit(args)))));
    runs.forEach((run, i) => {
      const [args, line] = cases[i];
      const context = `${args.join(' ')} -> ${run.code} ${run.stderr}`;
      expect(run.stderr.trimEnd().split('\n'), context).toHaveLength(1);
      expect(run.stderr, context).toMatch(line);
      expect(run.stdout, context).toBe('');
      expect(run.code, context).toBe(2);
    });
  });
});
