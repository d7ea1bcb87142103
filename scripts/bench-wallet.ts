/**
 * The seamless wallet's callbacks on PostgreSQL (docs/vendor-wallet.md): bet then win of one
 * round per connection, through signed HTTP (RSA-SHA256 requests, each answer signed by the
 * platform), next to a bare Fastify route in the same run; then bets alone for the p99 of a bet
 * callback. The rounds go to 50 members in turn, as many as the connections (a member's
 * callbacks queue on its wallet). The load runs in this process beside the platform, as the API part's does, and signs
 * each request as it sends it (RSA, as a vendor would on its own machine): that CPU is shared
 * with the platform, so the figures are a floor. Every answer must be RS_OK; the ledger is
 * checked after.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sign, type Signing, WalletClient } from '../reference/vendor-protocol/protocol';
import { buildApp } from '../server/app';
import { checkLedger } from '../server/money';
import { benchMembers } from './bench-money';
import { CONNECTIONS, DURATION_S } from './bench-setup';
import { launchToken, vendorGames } from './wallet-kit-platform';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Rounds (a bet and its win) of the run; bets of the bets-alone run. */
const ROUNDS = Number(process.env.BENCH_WALLET_ROUNDS ?? 3000);
const STAKE = 100;
const WIN = 150;

async function sql(query: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(query);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const rsaPem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

interface Player {
  user: string;
  token: string;
}

interface Signed {
  body: string;
  signature: string;
}

/** One signed request body. */
function signed(signing: Signing, request: Record<string, unknown>): Signed {
  const body = JSON.stringify({ ...request, request_uuid: randomUUID(), timestamp: Math.floor(Date.now() / 1000) });
  return { body, signature: sign(signing, body) };
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * `count` requests over CONNECTIONS connections; `steps` are the requests a connection sends in
 * turn for one round (a bet, then its win), each made by `make` for the round's player (the
 * players in turn) and the round. An answer that is not RS_OK counts as an error.
 */
async function run(url: string, players: Player[], count: number, connections: number, steps: { path: string; make: (p: Player, round: { bet: string; round: string }) => Signed }[]): Promise<Figures> {
  let nextPlayer = 0;
  let refused = 0;
  type Context = { player?: Player; round?: { bet: string; round: string } };
  const result = await autocannon({
    url,
    connections,
    amount: count,
    timeout: 60,
    requests: steps.map((step, i) => ({
      method: 'POST',
      path: step.path,
      setupRequest: (req: Record<string, unknown>, context: Context) => {
        context.player ??= players[nextPlayer++ % players.length];
        if (i === 0) context.round = { bet: randomUUID(), round: randomUUID() };
        const { body, signature } = step.make(context.player, context.round!);
        return { ...req, body, headers: { 'content-type': 'application/json', 'x-wallet-signature': signature } };
      },
      onResponse: (_status: number, body: string) => {
        if (!body.includes('"status":"RS_OK"')) refused++;
      },
    })),
  } as unknown as autocannon.Options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + refused };
}

export async function wallet(): Promise<void> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  console.log(`\n# Vendor wallet callbacks on PostgreSQL, signed HTTP (rsa), ${CONNECTIONS} connections, ${CONNECTIONS} members, loopback`);
  if (!(await sql('SELECT 1'))) {
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
    const players: Player[] = [];
    for (const member of await benchMembers(app, CONNECTIONS, 100_000_000)) {
      const opened = await client.call('session/open', { token: await launchToken(app, member, game.nodeId) });
      if (opened.body.status !== 'RS_OK') throw new Error(`session/open: ${opened.raw}`);
      players.push({ user: opened.body.user!, token: opened.body.token! });
    }
    const betOf = (p: Player, r: { bet: string; round: string }) =>
      signed(signing, { user: p.user, token: p.token, transaction_uuid: r.bet, round: r.round, game_code: game.gameId, currency: 'PHP', amount: STAKE });
    const winOf = (p: Player, r: { bet: string; round: string }) =>
      signed(signing, { user: p.user, token: p.token, transaction_uuid: randomUUID(), reference_transaction_uuid: r.bet, round: r.round, round_closed: true, game_code: game.gameId, currency: 'PHP', amount: WIN });

    const b = await rate(bareUrl);
    console.log(`  bare Fastify route              ${b.rps.toFixed(0).padStart(7)} req/s        p99 ${String(b.p99).padStart(4)} ms`);
    const line = (name: string, r: Figures, unit: string) =>
      console.log(`  ${name.padEnd(31)} ${r.rps.toFixed(0).padStart(7)} ${unit.padEnd(12)} p99 ${String(r.p99).padStart(4)} ms  ratio to bare ${(b.rps / Math.max(r.rps, 1)).toFixed(1)}x${r.errors ? `  (${r.errors} errors, non-2xx or not RS_OK)` : ''}`);
    line(
      'bet + win callbacks',
      await run(origin, players, 2 * ROUNDS, CONNECTIONS, [
        { path: '/vendor/REFGAMES/transaction/bet', make: betOf },
        { path: '/vendor/REFGAMES/transaction/win', make: winOf },
      ]),
      'callbacks/s',
    );
    const bets = await run(origin, players, ROUNDS, CONNECTIONS, [{ path: '/vendor/REFGAMES/transaction/bet', make: betOf }]);
    line('bet callbacks alone', bets, 'callbacks/s');
    // One at a time: the latency of a bet callback itself, without the queue of a saturated run.
    const single = await run(origin, players, Math.min(ROUNDS, 300), 1, [{ path: '/vendor/REFGAMES/transaction/bet', make: betOf }]);
    line('bet callbacks, one connection', single, 'callbacks/s');
    console.log(`  p99 of a bet callback: ${bets.p99} ms with ${CONNECTIONS} connections (each queued behind the others), ${single.p99} ms one at a time`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the callbacks: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
  } finally {
    await app.close();
    await bare.close();
    await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

async function rate(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}
