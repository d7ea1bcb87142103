/**
 * Slot spins per second of one merchant on PostgreSQL: 1 member, then 5 members, in one run, with
 * the same duration and the same connections per member, through the real HTTP API (a server
 * listening on loopback, a member session and a fresh Idempotency-Key per spin). A member's spins
 * queue on the member's own rows (its wallet); independent members must not queue behind each
 * other, so the 5-member figure should be several times the 1-member one (target: 3x). The load
 * runs in a process of its own (bench-load.ts), and the 5-member run prints what the database
 * sessions waited on (a row lock shared by members would show there).
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../server/app';
import { checkLedger } from '../server/money';
import type { LoadJob, LoadResult } from './bench-load';
import { benchMembers, type BenchMember } from './bench-money';
import { DURATION_S } from './bench-setup';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Connections per member: enough to keep a member's wallet always wanted. */
const CONNECTIONS_PER_MEMBER = 4;
const MEMBERS = 5;
/** Minor units each bench member starts with: a run of 10-unit stakes never runs dry. */
const BALANCE = 100_000_000;
const STAKE = 10;

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

/** Spins a second of `members` (each with CONNECTIONS_PER_MEMBER connections) for DURATION_S seconds, the load in its own process. */
async function spinRate(base: string, members: BenchMember[]): Promise<LoadResult> {
  const job: LoadJob = {
    url: `${base}/wps/game/inhouse/spin`,
    host: 'demo-ph.localhost',
    tokens: members.map((m) => m.token),
    connections: CONNECTIONS_PER_MEMBER * members.length,
    seconds: DURATION_S,
    body: JSON.stringify({ stake: STAKE }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bench-load.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(JSON.stringify(job));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}

/**
 * What the bench's database sessions wait on while `during` runs: pg_stat_activity sampled every
 * 100 ms (this database's active sessions only), counted by wait event. A row lock shows as
 * Lock:tuple or Lock:transactionid, the commit's flush as IO:WALSync or LWLock:WALWrite.
 */
async function sampleWaits<T>(during: Promise<T>): Promise<{ value: T; waits: [string, number][]; samples: number }> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const { rows } = await client.query<{ wait: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      samples++;
      for (const r of rows) counts.set(r.wait, (counts.get(r.wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const value = await during;
    return { value, waits: [...counts].sort((a, b) => b[1] - a[1]), samples };
  } finally {
    done = true;
    await sampling;
    await client.end();
  }
}

export async function spins(): Promise<void> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  console.log(`\n# Slot spins on PostgreSQL, one merchant (${CONNECTIONS_PER_MEMBER} connections per member, ${DURATION_S} s each, loopback)`);
  if (!(await sql('SELECT 1'))) {
    console.log(`  skipped: PostgreSQL unreachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const app = await buildApp({
    db: { pgUrl: PG_URL, schema },
    logger: false,
    housekeeping: false,
    keyEncryptionKey: randomBytes(32).toString('base64'),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const members = await benchMembers(app, MEMBERS, BALANCE);
    const line = (name: string, r: LoadResult) =>
      console.log(`  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} spins/s  p99 ${r.p99} ms${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`);
    const one = await spinRate(base, members.slice(0, 1));
    line('1 member', one);
    const sampled = await sampleWaits(spinRate(base, members));
    const five = sampled.value;
    line(`${MEMBERS} members`, five);
    const busiest = sampled.waits.slice(0, 4).map(([wait, n]) => `${wait} ${(n / Math.max(sampled.samples, 1)).toFixed(1)}`);
    console.log(`  ${MEMBERS} members: database sessions per sample by wait (${sampled.samples} samples): ${busiest.join(', ') || 'none active'}`);
    console.log(`  ${MEMBERS} members / 1 member: ${(five.rps / Math.max(one.rps, 1)).toFixed(1)}x (target 3x: independent members do not queue behind each other)`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the spins: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
  } finally {
    await app.close();
    await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}
