/**
 * Slot spins per second of one merchant on PostgreSQL: 1 member, then 5 members, in one run, with
 * the same duration and the same connections per member, through the real HTTP API (a server
 * listening on loopback, a member session and a fresh Idempotency-Key per spin). A member's spins
 * queue on the member's own rows (its wallet); independent members must not queue behind each
 * other, so the 5-member figure should be several times the 1-member one (target: 3x).
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { checkLedger } from '../server/money';
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

/** Spins a second of `members` (each with CONNECTIONS_PER_MEMBER connections) for DURATION_S seconds. */
async function spinRate(base: string, members: BenchMember[]): Promise<{ rps: number; p99: number; errors: number }> {
  let next = 0;
  const body = JSON.stringify({ stake: STAKE });
  const result = await autocannon({
    url: `${base}/wps/game/inhouse/spin`,
    connections: CONNECTIONS_PER_MEMBER * members.length,
    duration: DURATION_S,
    // A loaded machine answers slowly: a slow spin is counted late, not as an error (autocannon's default is 10 s).
    timeout: 60,
    method: 'POST',
    headers: { host: 'demo-ph.localhost', 'content-type': 'application/json' },
    body,
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          const n = next++;
          const headers = { ...req.headers };
          headers.authorization = `Bearer ${members[n % members.length].token}`;
          headers['idempotency-key'] = `spin-${n}-${randomBytes(6).toString('hex')}`;
          return { ...req, headers };
        },
      },
    ],
  } as autocannon.Options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
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
    const line = (name: string, r: { rps: number; p99: number; errors: number }) =>
      console.log(`  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} spins/s  p99 ${r.p99} ms${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`);
    const one = await spinRate(base, members.slice(0, 1));
    line('1 member', one);
    const five = await spinRate(base, members);
    line(`${MEMBERS} members`, five);
    console.log(`  ${MEMBERS} members / 1 member: ${(five.rps / Math.max(one.rps, 1)).toFixed(1)}x (target 3x: independent members do not queue behind each other)`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the spins: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
  } finally {
    await app.close();
    await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}
