/**
 * The load of the benches that measure a deployment (bench-spins.ts, bench-serve.ts), in a
 * process of its own: clients are other machines, so they must not share the server's event
 * loop. Reads one JSON job on stdin (the URL of each server instance, connections, seconds, and
 * for member requests the members' session tokens), sends each member's requests on its own
 * token (a POST with a fresh Idempotency-Key each), the connections shared evenly by the
 * instances (as a balancer would), and writes the figures summed as JSON.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  /** The URL of each instance. */
  urls: string[];
  host: string;
  /** Members' session tokens, taken in turn (none: a visitor's requests). */
  tokens: string[];
  connections: number;
  seconds: number;
  /** A POST's body; without one the requests are GETs. */
  body?: string;
  /** Further request headers (a browser's Accept-Encoding and User-Agent). */
  headers?: Record<string, string>;
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
    method: job.body === undefined ? 'GET' : 'POST',
    headers: { host: job.host, ...(job.body === undefined ? {} : { 'content-type': 'application/json' }), ...job.headers },
    ...(job.body === undefined ? {} : { body: job.body }),
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          if (job.tokens.length === 0) return req;
          const n = next++;
          const headers = { ...req.headers };
          headers.authorization = `Bearer ${job.tokens[n % job.tokens.length]}`;
          if (job.body !== undefined) headers['idempotency-key'] = `load-${n}-${randomBytes(6).toString('hex')}`;
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
