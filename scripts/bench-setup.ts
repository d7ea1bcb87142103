/**
 * The setup the seeded benches share (bench-records.ts, bench-team.ts): a PGlite app in a DATA_DIR
 * of its own in a temp folder, a bare Fastify route to measure against in the same run, a member's
 * session, and the table of figures (requests a second, p50, p99, ratio to bare).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = 50;

export interface Rate {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function rate(url: string, headers: Record<string, string> = {}): Promise<Rate> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export const thousands = (n: number) => n.toLocaleString('en-US');

type App = Awaited<ReturnType<typeof buildApp>>;

export interface SeededBench {
  app: App;
  dataDir: string;
  /** Who the seed is written by, in the audit trail. */
  actor: { operatorId: null; actor: string; merchantCodes: null };
  /** A session token for `username` of merchant `merchantCode`. */
  session(merchantCode: string, username: string): Promise<string>;
  /**
   * Listens, measures the bare route and then each target (a path on the app) with `headers`,
   * printing one line a call with the name padded to `width`.
   */
  measure(targets: readonly [name: string, path: string][], headers: Record<string, string>, width: number): Promise<void>;
}

/** Runs `body` against a fresh PGlite app (in `<tmp>/bench-<name>-…`) and a bare route; cleans both up after. */
export async function withSeededBench(name: string, body: (bench: SeededBench) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, value: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const app = await buildApp({ db: 'pglite', dataDir, logger: false, housekeeping: false });
  try {
    await app.ready();
    await body({
      app,
      dataDir,
      actor: { operatorId: null, actor: 'cli:bench', merchantCodes: null },
      async session(merchantCode, username) {
        const member = (await app.repos.members.byUsername(merchantCode, username))!;
        const { token } = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId: member.id, merchantCode, ip: '127.0.0.1', firstLogin: false }));
        return token;
      },
      async measure(targets, headers, width) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        console.log(`  (${CONNECTIONS} connections, ${DURATION_S} s each, loopback)`);
        const b = await rate(bareUrl);
        const figures = (r: Rate) => `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms`;
        console.log(`  ${'bare Fastify route'.padEnd(width)} ${figures(b)}`);
        for (const [label, path] of targets) {
          const r = await rate(base + path, headers);
          console.log(`  ${label.padEnd(width)} ${figures(r)}  ratio to bare ${(b.rps / Math.max(r.rps, 1)).toFixed(1)}x${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`);
        }
      },
    });
  } finally {
    await app.close();
    await bare.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs one statement on PostgreSQL at `url`; false when it is out of reach or refuses (the bench parts that need it say so and skip). */
export async function pgSql(url: string, query: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
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
