/**
 * `npm run wallet-conformance -- --url <wallet base> --vendor <code> --key <file> [...]`: plays the
 * conformance kit's cases (reference/wallet-conformance) against a seamless wallet, as the vendor
 * <code> would. One line per case, a closing count; exit 1 when a case failed, 2 on bad arguments.
 *
 *   --url <base>                  the wallet's base for this vendor, e.g. http://127.0.0.1:8080/vendor/REFGAMES
 *   --vendor <code>               the vendor's code (upper case) the wallet knows
 *   --key <file>                  the vendor's RSA private key (PEM, or PEM in base64), for rsa vendors
 *   --secret-file <file>          the shared secret, for hmac vendors (instead of --key)
 *   --wallet-key <file>           the wallet's RSA public key, to check its answers' signatures (rsa)
 *   --launch-token <token>        a one-time launch token of the test member (may be repeated)
 *   --launch-tokens-file <file>   more of them, one a line
 *   --expired-token-file <file>   an expired session with two open bets (JSON; see prepareExpiredSession)
 *   --limited-launch-token <t>    a launch token of a member whose wager limit refuses a stake of 10.00
 *   --excluded-launch-token <t>   a launch token of a self-excluded member
 *   --game <code>                 the game to play (default: session/open's); given twice, the second is
 *                                 another game of the vendor for the duplicate-transaction case
 *   --currency <ISO 4217>         the member's currency (default: session/open's)
 *
 * It imports nothing of the platform: any operator may run it against its own wallet.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pemOf, type Signing } from '../reference/vendor-protocol/protocol';
import { type ExpiredSession, type KitOptions, runCases } from '../reference/wallet-conformance/cases';

class BadArgument extends Error {}

function bad(argument: string, problem: string): never {
  throw new BadArgument(`${argument}: ${problem}`);
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        vendor: { type: 'string' },
        key: { type: 'string' },
        'secret-file': { type: 'string' },
        'wallet-key': { type: 'string' },
        'launch-token': { type: 'string', multiple: true },
        'launch-tokens-file': { type: 'string' },
        'expired-token-file': { type: 'string' },
        'limited-launch-token': { type: 'string' },
        'excluded-launch-token': { type: 'string' },
        game: { type: 'string', multiple: true },
        currency: { type: 'string' },
      },
    }).values;
  } catch (err) {
    const message = (err as Error).message;
    const named = /'(-[^' ]+)/.exec(message)?.[1] ?? /'([^']+)'/.exec(message)?.[1] ?? 'arguments';
    // A launch token may begin with '-' (base64url): given after a space it looks like an option.
    if (/argument is ambiguous/.test(message)) return bad(named, `a value beginning with '-' is given as ${named}=<value>`);
    return bad(named, message.split('\n')[0].replace(/\s*To specify.*$/, ''));
  }
}

function readText(argument: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return bad(argument, `cannot read ${file}`);
  }
}

function readPem(argument: string, file: string, kind: 'PRIVATE' | 'PUBLIC'): string {
  const pem = pemOf(readText(argument, file));
  let rsa = false;
  try {
    rsa = new RegExp(`^-----BEGIN (RSA )?${kind} KEY-----`).test(pem) && (kind === 'PRIVATE' ? createPrivateKey(pem) : createPublicKey(pem)).asymmetricKeyType === 'rsa';
  } catch {
    // not a key
  }
  if (!rsa) bad(argument, `${file} is not an RSA ${kind.toLowerCase()} key in PEM`);
  return pem;
}

function lines(argument: string, file: string): string[] {
  return readText(argument, file)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

function readExpired(file: string): ExpiredSession {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readText('--expired-token-file', file));
  } catch (err) {
    if (err instanceof BadArgument) throw err;
    bad('--expired-token-file', `${file} is not JSON`);
  }
  const e = parsed as Partial<ExpiredSession>;
  const text = (v: unknown) => typeof v === 'string' && v.length > 0;
  const bets = Array.isArray(e?.bets) ? e.bets : [];
  const betsOk = bets.length >= 2 && bets.every((b) => text(b?.transaction_uuid) && text(b?.round) && Number.isSafeInteger(b?.amount));
  if (!text(e?.user) || !text(e?.token) || !text(e?.game_code) || !text(e?.currency) || !betsOk) {
    bad('--expired-token-file', `${file} must hold {"user","token","game_code","currency","bets":[{"transaction_uuid","round","amount"} x2]}`);
  }
  return e as ExpiredSession;
}

/** The kit's options from the command line; a bad argument throws BadArgument naming it. */
function optionsOf(args: string[]): KitOptions & { vendor: string } {
  const values = parse(args);
  const url = values.url ?? bad('--url', 'required (the wallet base for the vendor, e.g. http://127.0.0.1:8080/vendor/REFGAMES)');
  if (!/^https?:\/\/[^/\s]+/.test(url) || !URL.canParse(url)) bad('--url', `not an http(s) URL: ${url}`);
  const vendor = values.vendor ?? bad('--vendor', 'required (the vendor code, e.g. REFGAMES)');
  if (!/^[A-Z][A-Z0-9_]*$/.test(vendor)) bad('--vendor', `not an upper-case vendor code: ${vendor}`);

  if (values.key !== undefined && values['secret-file'] !== undefined) bad('--secret-file', 'give --key (rsa) or --secret-file (hmac), not both');
  let signing: Signing;
  if (values['secret-file'] !== undefined) {
    if (values['wallet-key'] !== undefined) bad('--wallet-key', 'hmac answers are checked with the secret: no wallet key');
    const secret = readText('--secret-file', values['secret-file']).trim();
    if (secret.length < 32) bad('--secret-file', 'the secret must have at least 32 characters');
    signing = { kind: 'hmac', secret };
  } else {
    const keyFile = values.key ?? bad('--key', 'required: the vendor private key PEM file (or --secret-file for hmac)');
    const privateKey = readPem('--key', keyFile, 'PRIVATE');
    const peerPublicKey = values['wallet-key'] === undefined ? '' : readPem('--wallet-key', values['wallet-key'], 'PUBLIC');
    signing = { kind: 'rsa', privateKey, peerPublicKey };
  }

  const launchTokens = [...(values['launch-token'] ?? []), ...(values['launch-tokens-file'] === undefined ? [] : lines('--launch-tokens-file', values['launch-tokens-file']))];
  const games = values.game ?? [];
  if (games.length > 2) bad('--game', 'at most twice (the game, and another game of the vendor)');
  if (games.length === 2 && games[0] === games[1]) bad('--game', 'the second must be another game');
  if (values.currency !== undefined && !/^[A-Z]{3}$/.test(values.currency)) bad('--currency', `not an ISO 4217 code: ${values.currency}`);
  return {
    vendor,
    base: url.replace(/\/+$/, ''),
    signing,
    launchTokens,
    game: games[0],
    otherGame: games[1],
    currency: values.currency,
    expired: values['expired-token-file'] === undefined ? undefined : readExpired(values['expired-token-file']),
    limitedLaunchToken: values['limited-launch-token'],
    excludedLaunchToken: values['excluded-launch-token'],
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof optionsOf>;
  try {
    options = optionsOf(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof BadArgument)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  const counts = { pass: 0, fail: 0, skip: 0 };
  await runCases(options, (r) => {
    counts[r.result]++;
    const line = r.result === 'pass' ? `PASS ${r.name}` : r.result === 'fail' ? `FAIL ${r.name}: ${r.reason}` : `SKIP ${r.name}: needs ${r.needs}`;
    process.stdout.write(`${line}\n`);
  });
  process.stdout.write(`${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped\n`);
  process.exitCode = counts.fail > 0 ? 1 : 0;
}

void main();
