/**
 * The seamless wallet's test party: a game vendor as its own HTTP server on a loopback port
 * (health and launch pages), its RSA key pair and the platform's, and the vendor's signing client
 * (reference/vendor-protocol, written from the protocol document) calling the platform over HTTP.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppOptions, VendorConfig } from '../../../server/config';
import { WalletClient, type Signing } from '../../../reference/vendor-protocol/protocol';
import { rows } from '../../../server/db/client';
import { call, fundedPlayer, listening } from '../helpers';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** Made once per test process: RSA key generation is slow on a busy machine. */
export const VENDOR_KEYS = rsaPair();
export const WALLET_KEYS = rsaPair();
export const HMAC_SECRET = 'h'.repeat(20) + randomUUID().replace(/-/g, '');

/** The vendor's own server: GET /health answers 200 while `up`, /launch a page. */
export interface FakeVendor {
  url: string;
  up: boolean;
  /** Milliseconds /health waits before answering. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeVendor(): Promise<FakeVendor> {
  const state = { up: true, delayMs: 0 };
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/health')) {
      setTimeout(() => {
        res.writeHead(state.up ? 200 : 503, { 'content-type': 'text/plain' }).end(state.up ? 'ok' : 'down');
      }, state.delayMs);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>game</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get up() {
      return state.up;
    },
    set up(v: boolean) {
      state.up = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The platform's options with two vendors: REFGAMES (rsa: LUCKYREEL, NEONSPIN, lotteries) and HMACGAMES (hmac: REEFHUNT). */
export function vendorOptions(vendorUrl: string): Pick<AppOptions, 'vendors' | 'walletPrivateKey' | 'vendorProbeTimeoutMs'> {
  const vendors: Record<string, VendorConfig> = {
    REFGAMES: { code: 'REFGAMES', url: vendorUrl, signing: 'rsa', publicKey: VENDOR_KEYS.publicKey, catalogue: ['LUCKYREEL', 'NEONSPIN', 'LOTT', 'TCG_SEA'], currencies: [] },
    HMACGAMES: { code: 'HMACGAMES', url: vendorUrl, signing: 'hmac', secret: HMAC_SECRET, catalogue: ['REEFHUNT'], currencies: ['PHP'] },
  };
  return { vendors, walletPrivateKey: WALLET_KEYS.privateKey, vendorProbeTimeoutMs: 2000 };
}

export const RSA_SIGNING: Signing = { kind: 'rsa', privateKey: VENDOR_KEYS.privateKey, peerPublicKey: WALLET_KEYS.publicKey };

/** The vendor's wallet client of the platform listening on a port (`code`: REFGAMES unless told). */
export async function walletClient(app: FastifyInstance, code = 'REFGAMES', signing: Signing = RSA_SIGNING): Promise<WalletClient> {
  const origin = await listening(app, '127.0.0.1');
  return new WalletClient({ base: `${origin}/vendor/${code}`, signing, timeoutMs: 20_000 });
}

interface LaunchValue {
  url: string;
  mode: string;
}

/** A catalogue game of `vassalage` at demoph01. */
export async function gameOf(app: FastifyInstance, vassalage: string, supportPlay?: boolean): Promise<{ nodeId: number; gameId: string; gameType: string }> {
  const [row] = await rows<{ node_id: number; game_id: string; game_type: string }>(
    app.db.orm,
    sql`SELECT node_id, game_id, game_type FROM games WHERE merchant_code = 'demoph01' AND vassalage = ${vassalage} AND enabled
        ${supportPlay === undefined ? sql`` : sql`AND support_play = ${supportPlay}`} ORDER BY node_id LIMIT 1`,
  );
  return { nodeId: Number(row.node_id), gameId: row.game_id, gameType: row.game_type };
}

/** A launch of a member (or a visitor without `token`): the answer, and the launch URL's query. */
export async function launchGame(app: FastifyInstance, token: string | undefined, body: Record<string, unknown>) {
  const res = await call<LaunchValue>(app, 'POST', '/wps/game/launch', { token, body });
  const url = res.body.value?.url;
  return { res, url, query: url ? new URL(url, 'http://platform.invalid').searchParams : null };
}

/** A new member with `balance` minor units, a launch of a LUCKYREEL game and the vendor's session/open: what the vendor then holds. */
export async function openedPlayer(app: FastifyInstance, client: WalletClient, balance: number, vassalage = 'LUCKYREEL') {
  const player = await fundedPlayer(app, balance);
  const game = await gameOf(app, vassalage);
  const { res, query } = await launchGame(app, player.token, { vendor: vassalage, nodeId: String(game.nodeId) });
  if (res.status !== 200 || !query) throw new Error(`launch failed: ${JSON.stringify(res.body)}`);
  const opened = await client.call('session/open', { token: query.get('token')! });
  if (opened.body.status !== 'RS_OK') throw new Error(`session/open failed: ${opened.raw}`);
  return { ...player, game, user: opened.body.user!, session: opened.body.token!, opened };
}

/** What the wallet tables hold (a refused request adds nothing). */
export async function walletRows(app: FastifyInstance): Promise<{ requests: number; transactions: number; ledger: number; bets: number }> {
  const [r] = await rows<Record<string, string | number>>(
    app.db.orm,
    sql`SELECT (SELECT count(*) FROM vendor_requests) AS requests, (SELECT count(*) FROM vendor_transactions) AS transactions,
               (SELECT count(*) FROM ledger_transactions) AS ledger, (SELECT count(*) FROM bets) AS bets`,
  );
  return { requests: Number(r.requests), transactions: Number(r.transactions), ledger: Number(r.ledger), bets: Number(r.bets) };
}

export async function balanceOf(app: FastifyInstance, memberId: number): Promise<number> {
  return (await app.repos.ledger.walletOf(memberId))!.balance;
}
