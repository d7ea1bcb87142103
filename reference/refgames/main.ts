/**
 * RefGames' process: `node --import tsx reference/refgames/main.ts`. Demo only: npm start, npm run
 * dev and the e2e server start it beside the platform (scripts/refgames-demo.mjs), never in
 * production.
 *
 *   REFGAMES_PORT               port (default 8092)
 *   REFGAMES_HOST               address to listen on (default 127.0.0.1)
 *   REFGAMES_PUBLIC_URL         the origin players reach it on (default http://localhost:<port>)
 *   REFGAMES_WALLET_URL         the platform's wallet for this vendor, e.g. http://127.0.0.1:8080/vendor/REFGAMES
 *   REFGAMES_SIGNING            rsa (default) or hmac
 *   REFGAMES_PRIVATE_KEY        rsa: RefGames' private key (PEM, or PEM in base64)
 *   REFGAMES_WALLET_PUBLIC_KEY  rsa: the platform wallet's public key (PEM, or PEM in base64)
 *   REFGAMES_SECRET             hmac: the shared secret (at least 32 characters)
 *   REFGAMES_ADMIN_TOKEN        enables POST /admin/draws/<id>/void (at least 16 characters)
 *   REFGAMES_ELOTT_SECONDS      seconds between the electronic lottery's draws (default 60; a divisor of 60 from 5, quick demos and journeys)
 *   REFGAMES_DATA_DIR           keeps sessions, draws, tickets and owed calls in <dir>/refgames.json (default: in memory)
 *   LOG_LEVEL                   default info
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { pemOf, type Signing } from '../vendor-protocol/protocol';
import { buildRefGames } from './app';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The signing settings from the environment; a missing or unreadable key stops the start. */
export function signingOf(env: NodeJS.ProcessEnv): Signing {
  const kind = env.REFGAMES_SIGNING || 'rsa';
  if (kind === 'hmac') {
    const secret = env.REFGAMES_SECRET ?? '';
    if (secret.length < 32) throw new Error('REFGAMES_SECRET must have at least 32 characters with REFGAMES_SIGNING=hmac');
    return { kind: 'hmac', secret };
  }
  if (kind !== 'rsa') throw new Error(`REFGAMES_SIGNING must be rsa or hmac (got '${kind}')`);
  if (!env.REFGAMES_PRIVATE_KEY) throw new Error('REFGAMES_PRIVATE_KEY (PEM or base64 PEM) is required with REFGAMES_SIGNING=rsa');
  if (!env.REFGAMES_WALLET_PUBLIC_KEY) throw new Error('REFGAMES_WALLET_PUBLIC_KEY (PEM or base64 PEM) is required with REFGAMES_SIGNING=rsa');
  const privateKey = pemOf(env.REFGAMES_PRIVATE_KEY).trim();
  const peerPublicKey = pemOf(env.REFGAMES_WALLET_PUBLIC_KEY).trim();
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error('REFGAMES_PRIVATE_KEY is not a readable private key (PEM or base64 PEM)');
  }
  try {
    createPublicKey(peerPublicKey);
  } catch {
    throw new Error('REFGAMES_WALLET_PUBLIC_KEY is not a readable public key (PEM or base64 PEM)');
  }
  return { kind: 'rsa', privateKey, peerPublicKey };
}

/** The wallet URL: http(s), without a trailing slash. */
export function walletUrlOf(raw: string | undefined): string {
  if (!raw) throw new Error('REFGAMES_WALLET_URL is required (the platform wallet for this vendor, e.g. http://127.0.0.1:8080/vendor/REFGAMES)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`REFGAMES_WALLET_URL is not a URL (got '${raw}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('REFGAMES_WALLET_URL must be an http or https URL');
  return raw.replace(/\/+$/, '');
}

async function main(): Promise<void> {
  const rawPort = process.env.REFGAMES_PORT ?? '8092';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) fail(`REFGAMES_PORT must be an integer between 1 and 65535 (got '${rawPort}')`);
  let signing: Signing;
  let walletUrl: string;
  try {
    walletUrl = walletUrlOf(process.env.REFGAMES_WALLET_URL);
    signing = signingOf(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  const adminToken = process.env.REFGAMES_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 16) fail('REFGAMES_ADMIN_TOKEN must have at least 16 characters');
  const rawElott = process.env.REFGAMES_ELOTT_SECONDS || undefined;
  const elottSeconds = rawElott === undefined ? undefined : Number(rawElott);
  if (elottSeconds !== undefined && (!/^\d+$/.test(rawElott!) || elottSeconds < 5 || 60 % elottSeconds !== 0)) fail(`REFGAMES_ELOTT_SECONDS must divide 60 and be at least 5 (got '${rawElott}')`);
  const publicUrl = (process.env.REFGAMES_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const app = await buildRefGames({
    walletUrl,
    signing,
    adminToken,
    elottSeconds,
    dataDir: process.env.REFGAMES_DATA_DIR || undefined,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  }).catch((err: Error) => fail(`RefGames failed to start: ${err.message}`));
  await app.listen({ port, host: process.env.REFGAMES_HOST || '127.0.0.1' }).catch((err: Error) => fail(`RefGames failed to start: ${err.message}`));
  app.log.info({ publicUrl, walletUrl }, 'RefGames (reference game vendor, demo only) serving');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) void main();
