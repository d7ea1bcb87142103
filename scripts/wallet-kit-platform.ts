/**
 * The conformance kit (`npm run wallet-conformance`) against this platform, its inputs prepared
 * as an operator prepares them: a test member with 1,000.00 and fresh one-time launch tokens
 * (issued as the launch route issues them), an expired session with two open bets
 * (prepareExpiredSession, then expired in the database), a member whose wager limit is 5.00 and a
 * self-excluded member. Used by tests/server/games/wallet-conformance.test.ts (the platform of a
 * test, on either database) and scripts/wallet-mutations.ts (a platform built from a changed source).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { prepareExpiredSession } from '../reference/wallet-conformance/cases';
import { rows } from '../server/db/client';
import { sha256 } from '../server/lib/tokens';
import { benchMembers } from './bench-money';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MERCHANT = 'demoph01';
/** The catalogue vendor whose games the kit plays. */
const CATALOGUE_VENDOR = 'LUCKYREEL';
const HOST = 'demo-ph.localhost';

export interface KitRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx scripts/wallet-conformance.ts <args>` as a child process (its environment: PATH only). */
export function runKit(args: string[]): Promise<KitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/wallet-conformance.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Two enabled games of the catalogue vendor at the merchant (the kit's game and its "another game"). */
export async function vendorGames(app: FastifyInstance): Promise<{ nodeId: number; gameId: string }[]> {
  const found = await rows<{ node_id: number; game_id: string }>(
    app.db.orm,
    sql`SELECT node_id, game_id FROM games WHERE merchant_code = ${MERCHANT} AND vassalage = ${CATALOGUE_VENDOR} AND enabled ORDER BY node_id LIMIT 2`,
  );
  if (found.length < 2) throw new Error(`${MERCHANT} needs two ${CATALOGUE_VENDOR} games`);
  return found.map((g) => ({ nodeId: Number(g.node_id), gameId: g.game_id }));
}

/** A member's own request (the member API, as the member's app sends it). */
async function asMember(app: FastifyInstance, method: 'PUT' | 'POST', url: string, token: string, body: unknown): Promise<void> {
  const res = await app.inject({ method, url, headers: { host: HOST, authorization: `Bearer ${token}` }, remoteAddress: '127.0.0.1', payload: body as string });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
}

/** A one-time launch token of the member's session for a game, as POST /wps/game/launch issues it. */
export async function launchToken(app: FastifyInstance, member: { memberId: number; token: string }, nodeId: number): Promise<string> {
  const issued = await app.db.orm.transaction((tx) =>
    app.repos.gameTokens.issueLaunch(tx, { memberId: member.memberId, sessionHash: sha256(member.token), merchantCode: MERCHANT, nodeId, vendor: CATALOGUE_VENDOR }),
  );
  return issued.token;
}

export interface KitInputs {
  /** The vendor's code at the platform (its wallet is `<origin>/vendor/<code>`). */
  vendor: string;
  /** The platform's origin on a loopback port. */
  origin: string;
  /** The vendor's RSA private key and the wallet's public key (PEM). */
  vendorPrivateKey: string;
  walletPublicKey: string;
  /** A folder for the kit's input files. */
  dir: string;
}

/** Prepares the kit's inputs on the platform `app` and answers its command-line arguments. */
export async function prepareKit(app: FastifyInstance, o: KitInputs): Promise<string[]> {
  const base = `${o.origin}/vendor/${o.vendor}`;
  const [game, other] = await vendorGames(app);
  const file = (name: string, text: string) => {
    const at = join(o.dir, name);
    writeFileSync(at, text, { mode: 0o600 });
    return at;
  };

  const [player, limited, excluded] = await benchMembers(app, 3, 100_000);
  const tokens = [await launchToken(app, player, game.nodeId), await launchToken(app, player, game.nodeId), await launchToken(app, player, game.nodeId)];

  // The expired session: two open bets, then its play token past its time.
  const signing = { kind: 'rsa' as const, privateKey: o.vendorPrivateKey, peerPublicKey: o.walletPublicKey };
  const expired = await prepareExpiredSession({ base, signing, game: game.gameId, currency: 'PHP', timeoutMs: 20_000 }, await launchToken(app, player, game.nodeId));
  await rows(app.db.orm, sql`UPDATE game_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = ${sha256(expired.token)}`);

  // A wager limit of 5.00 a day: the kit's stake of 10.00 is refused.
  await asMember(app, 'PUT', '/wps/member/limits', limited.token, { kind: 'wager', period: 'day', value: 5 });
  const limitedToken = await launchToken(app, limited, game.nodeId);

  // Self-excluded (which ends the member's sessions), then a new session launching a game.
  await asMember(app, 'POST', '/wps/member/exclusion', excluded.token, { kind: 'self_exclusion', period: '6m' });
  const { token: afterExclusion } = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId: excluded.memberId, merchantCode: MERCHANT, ip: '127.0.0.1', firstLogin: false }));
  const excludedToken = await launchToken(app, { memberId: excluded.memberId, token: afterExclusion }, game.nodeId);

  return [
    '--url', base,
    '--vendor', o.vendor,
    '--key', file('vendor.pem', o.vendorPrivateKey),
    '--wallet-key', file('wallet.pub', o.walletPublicKey),
    '--launch-tokens-file', file('tokens.txt', `# member ${player.memberId}\n${tokens.join('\n')}\n`),
    '--expired-token-file', file('expired.json', JSON.stringify(expired)),
    // A token may begin with '-': given after '=', it is never taken for an option.
    `--limited-launch-token=${limitedToken}`,
    `--excluded-launch-token=${excludedToken}`,
    '--game', game.gameId,
    '--game', other.gameId,
    '--currency', 'PHP',
  ];
}
