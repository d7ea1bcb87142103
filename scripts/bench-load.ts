/**
 * The load of the spins bench (bench-spins.ts), in a process of its own: clients are other
 * machines, so they must not share the server's event loop. Reads one JSON job on stdin (the URL,
 * the members' session tokens, connections, seconds), spins with a fresh Idempotency-Key per
 * request, each member's requests on its own token, and writes autocannon's figures as JSON.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  host: string;
  tokens: string[];
  connections: number;
  seconds: number;
  body: string;
}

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    // A loaded machine answers slowly: a slow spin is counted late, not as an error (autocannon's default is 10 s).
    timeout: 60,
    method: 'POST',
    headers: { host: job.host, 'content-type': 'application/json' },
    body: job.body,
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          const n = next++;
          const headers = { ...req.headers };
          headers.authorization = `Bearer ${job.tokens[n % job.tokens.length]}`;
          headers['idempotency-key'] = `spin-${n}-${randomBytes(6).toString('hex')}`;
          return { ...req, headers };
        },
      },
    ],
  } as autocannon.Options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => {
  run(JSON.parse(input) as LoadJob).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
});
