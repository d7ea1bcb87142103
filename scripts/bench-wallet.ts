/**
 * The seamless wallet's callbacks on PostgreSQL (docs/vendor-wallet.md): bet then win of one
 * round per connection, through signed HTTP (RSA-SHA256 requests, each answer signed by the
 * platform), next to a bare Fastify route in the same run; then bets alone for the p99 of a bet
 * callback. The rounds go to 50 members in turn, as many as the connections (a member's
 * callbacks queue on its wallet). The load runs in a process of its own (bench-wallet-load.ts), as a vendor
 * calls from its own machine, and signs each request as it sends it (RSA); on one small machine
 * its CPU is still the platform's cores, so the figures are a floor. Every answer must be RS_OK; the ledger is
 * checked after.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type Signing, WalletClient } from '../reference/vendor-protocol/protocol';
import type { WalletLoadJob, WalletLoadResult, WalletPlayer } from './bench-wallet-load';
import { buildApp } from '../server/app';
import { checkLedger } from '../server/money';
import { benchMembers } from './bench-money';
import { CONNECTIONS, DURATION_S, pgSql } from './bench-setup';
import { launchToken, vendorGames } from './wallet-kit-platform';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Rounds (a bet and its win) of the run; bets of the bets-alone run. */
const ROUNDS = Number(process.env.BENCH_WALLET_ROUNDS ?? 3000);
const STAKE = 100;
const WIN = 150;


const rsaPem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

/**
 * `count` requests over `connections`, rounds of `round` for the players in turn, from the load
 * process (bench-wallet-load.ts).
 */
async function run(job: Omit<WalletLoadJob, 'stake' | 'win'>): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bench-wallet-load.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(JSON.stringify({ ...job, stake: STAKE, win: WIN }));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the wallet load process exited with ${code}`);
  return JSON.parse(out) as WalletLoadResult;
}

type Figures = WalletLoadResult;

export async function wallet(): Promise<void> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  console.log(`\n# Vendor wallet callbacks on PostgreSQL, signed HTTP (rsa), ${CONNECTIONS} connections, ${CONNECTIONS} members, loopback`);
  if (!(await pgSql(PG_URL, 'SELECT 1'))) {
    console.log(`  skipped: PostgreSQL unreachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const vendorKeys = rsaPem();
  const walletKeys = rsaPem();
  const signing: Signing = { kind: 'rsa', privateKey: vendorKeys.privateKey, peerPublicKey: walletKeys.publicKey };
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, value: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const app = await buildApp({
    db: { pgUrl: PG_URL, schema },
    logger: false,
    housekeeping: false,
    keyEncryptionKey: randomBytes(32).toString('base64'),
    vendors: { REFGAMES: { code: 'REFGAMES', url: 'http://127.0.0.1:9', signing: 'rsa', publicKey: vendorKeys.publicKey, catalogue: ['LUCKYREEL'], currencies: [] } },
    walletPrivateKey: walletKeys.privateKey,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const base = `${origin}/vendor/REFGAMES`;
    const [game] = await vendorGames(app);
    const client = new WalletClient({ base, signing, timeoutMs: 20_000 });
    const players: WalletPlayer[] = [];
    for (const member of await benchMembers(app, CONNECTIONS, 100_000_000)) {
      const opened = await client.call('session/open', { token: await launchToken(app, member, game.nodeId) });
      if (opened.body.status !== 'RS_OK') throw new Error(`session/open: ${opened.raw}`);
      players.push({ user: opened.body.user!, token: opened.body.token! });
    }
    const job = { origin, vendor: 'REFGAMES', players, gameCode: game.gameId, currency: 'PHP', signing };
    const b = await rate(bareUrl);
    console.log(`  bare Fastify route              ${b.rps.toFixed(0).padStart(7)} req/s        p99 ${String(b.p99).padStart(4)} ms`);
    const line = (name: string, r: Figures, unit: string, target = '') =>
      console.log(`  ${name.padEnd(31)} ${r.rps.toFixed(0).padStart(7)} ${unit.padEnd(12)} p99 ${String(r.p99).padStart(4)} ms  ${((100 * r.rps) / Math.max(b.rps, 1)).toFixed(1)}% of the bare route (${(b.rps / Math.max(r.rps, 1)).toFixed(0)}x slower${target})${r.errors ? `  (${r.errors} errors, non-2xx or not RS_OK)` : ''}`);
    line('bet + win callbacks', await run({ ...job, count: 2 * ROUNDS, connections: CONNECTIONS, round: 'bet+win' }), 'callbacks/s', '; target 30%');
    const bets = await run({ ...job, count: ROUNDS, connections: CONNECTIONS, round: 'bet' });
    line('bet callbacks alone', bets, 'callbacks/s');
    // One at a time: the latency of a bet callback itself, without the queue of a saturated run.
    const single = await run({ ...job, count: Math.min(ROUNDS, 300), connections: 1, round: 'bet' });
    line('bet callbacks, one connection', single, 'callbacks/s');
    console.log(`  p99 of a bet callback: ${bets.p99} ms with ${CONNECTIONS} connections (each queued behind the others), ${single.p99} ms one at a time`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the callbacks: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
  } finally {
    await app.close();
    await bare.close();
    await pgSql(PG_URL, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

async function rate(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}
