/**
 * The load of the vendor wallet bench (bench-wallet.ts), in a process of its own: a vendor calls
 * from its own machine, so its signing and HTTP work must not share the platform's event loop.
 * Reads one JSON job on stdin (the platform's origin, the players' sessions, the game, the vendor's
 * signing key, how many requests over how many connections, and which calls make a round), signs
 * each request as it sends it, and writes the figures as JSON. An answer that is not RS_OK counts
 * as an error.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sign, type Signing } from '../reference/vendor-protocol/protocol';

export interface WalletPlayer {
  user: string;
  token: string;
}

export interface WalletLoadJob {
  origin: string;
  vendor: string;
  players: WalletPlayer[];
  gameCode: string;
  currency: string;
  signing: Signing;
  /** Requests in all. */
  count: number;
  connections: number;
  /** The calls of one round, in turn on a connection: a bet then its win, or a bet alone. */
  round: 'bet+win' | 'bet';
  stake: number;
  win: number;
}

export interface WalletLoadResult {
  rps: number;
  p99: number;
  errors: number;
}

function signed(signing: Signing, request: Record<string, unknown>): { body: string; signature: string } {
  const body = JSON.stringify({ ...request, request_uuid: randomUUID(), timestamp: Math.floor(Date.now() / 1000) });
  return { body, signature: sign(signing, body) };
}

async function run(job: WalletLoadJob): Promise<WalletLoadResult> {
  let nextPlayer = 0;
  let refused = 0;
  type Context = { player?: WalletPlayer; round?: { bet: string; round: string } };
  const common = (p: WalletPlayer, r: { round: string }) => ({ user: p.user, token: p.token, round: r.round, game_code: job.gameCode });
  const steps: { path: string; make: (p: WalletPlayer, r: { bet: string; round: string }) => { body: string; signature: string } }[] = [
    {
      path: `/vendor/${job.vendor}/transaction/bet`,
      make: (p, r) => signed(job.signing, { ...common(p, r), transaction_uuid: r.bet, currency: job.currency, amount: job.stake }),
    },
  ];
  if (job.round === 'bet+win') {
    steps.push({
      path: `/vendor/${job.vendor}/transaction/win`,
      make: (p, r) =>
        signed(job.signing, { ...common(p, r), transaction_uuid: randomUUID(), reference_transaction_uuid: r.bet, round_closed: true, currency: job.currency, amount: job.win }),
    });
  }
  const result = await autocannon({
    url: job.origin,
    connections: job.connections,
    amount: job.count,
    timeout: 60,
    requests: steps.map((step, i) => ({
      method: 'POST',
      path: step.path,
      setupRequest: (req: Record<string, unknown>, context: Context) => {
        context.player ??= job.players[nextPlayer++ % job.players.length];
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

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => {
  run(JSON.parse(input) as WalletLoadJob).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
});
