/**
 * The load of the spins bench (bench-spins.ts), in a process of its own: clients are other
 * machines, so they must not share the server's event loop. Reads one JSON job on stdin (the URL
 * of each server instance, the members' session tokens, connections, seconds), spins with a fresh
 * Idempotency-Key per request, each member's requests on its own token, the connections shared
 * evenly by the instances (as a balancer would), and writes the figures summed as JSON.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  /** The spin URL of each instance. */
  urls: string[];
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
  /** CPU time (user + system, ms) the load process used, to tell the load's share of the machine. */
  cpuMs: number;
}

/** One instance's share of the load: `connections` of its own, the members' tokens taken in turn from `offset`. */
async function runOn(job: LoadJob, url: string, connections: number, offset: number): Promise<LoadResult> {
  let next = offset;
  const result = await autocannon({
    url,
    connections,
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
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMs: 0 };
}

async function run(job: LoadJob): Promise<LoadResult> {
  const share = Math.max(1, Math.floor(job.connections / job.urls.length));
  const results = await Promise.all(job.urls.map((url, i) => runOn(job, url, share, i)));
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
  };
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
