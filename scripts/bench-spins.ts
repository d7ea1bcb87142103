/**
 * Slot spins per second of one merchant on PostgreSQL: 1 member, then 5 members, in one run, with
 * the same duration and the same connections per member, through the real HTTP API (servers
 * listening on loopback, a member session and a fresh Idempotency-Key per spin). A member's spins
 * queue on the member's own rows (its wallet); independent members must not queue behind each
 * other, so the 5-member figure should be several times the 1-member one (target: 3x). Both are
 * measured on one instance and on a deployment of two instances on the same database (the load
 * shared by them as a balancer would): one instance is a single Node.js thread, so on a small
 * machine its CPU, not the database, can cap the 5-member figure. The load runs in a process of
 * its own (bench-load.ts), and each 5-member run prints what the database sessions waited on (a
 * row lock shared by members would show there) and the server's CPU time per spin.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../server/app';
import { checkLedger } from '../server/money';
import type { LoadJob, LoadResult } from './bench-load';
import type { BenchServerJob } from './bench-server';
import { benchMembers, type BenchMember } from './bench-money';
import { DURATION_S, pgSql } from './bench-setup';
import { cpuMs, runLoad, startProcess, type Instance } from './bench-instances';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Connections per member: enough to keep a member's wallet always wanted. */
const CONNECTIONS_PER_MEMBER = 4;
const MEMBERS = 5;
/** Minor units each bench member starts with: a run of 10-unit stakes never runs dry. */
const BALANCE = 100_000_000;
const STAKE = 10;


/** Spins a second of `members` (each with CONNECTIONS_PER_MEMBER connections) for DURATION_S seconds on the instances at `bases`, the load in its own process. */
async function spinRate(bases: string[], members: BenchMember[]): Promise<LoadResult> {
  const job: LoadJob = {
    urls: bases.map((base) => `${base}/wps/game/inhouse/spin`),
    host: 'demo-ph.localhost',
    tokens: members.map((m) => m.token),
    connections: CONNECTIONS_PER_MEMBER * members.length,
    seconds: DURATION_S,
    body: JSON.stringify({ stake: STAKE }),
  };
  return runLoad(job);
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

const startInstance = (job: BenchServerJob): Promise<Instance> => startProcess('./bench-server.ts', job);

/** The PostgreSQL server's processes on this machine (none when it runs elsewhere). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

function cpuOf(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      used.set(pid, cpuMs(pid));
    } catch {
      // Exited meanwhile.
    }
  }
  return used;
}

/** CPU time per spin while `during` runs: the servers', the database's (when local) and the load's. */
async function cpuPerSpin(instances: Instance[], during: Promise<LoadResult>): Promise<{ result: LoadResult; server: number; database: number; load: number }> {
  const before = instances.map((i) => cpuMs(i.pid));
  const dbBefore = cpuOf(postgresPids());
  const result = await during;
  const used = instances.reduce((sum, i, n) => sum + cpuMs(i.pid) - before[n], 0);
  let database = 0;
  for (const [pid, ms] of cpuOf(postgresPids())) database += ms - (dbBefore.get(pid) ?? 0);
  const spins = Math.max(result.rps * DURATION_S, 1);
  return { result, server: used / spins, database: database / spins, load: result.cpuMs / spins };
}

export async function spins(): Promise<void> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  console.log(`\n# Slot spins on PostgreSQL, one merchant (${CONNECTIONS_PER_MEMBER} connections per member, ${DURATION_S} s each, loopback)`);
  if (!(await pgSql(PG_URL, 'SELECT 1'))) {
    console.log(`  skipped: PostgreSQL unreachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const job: BenchServerJob = { pgUrl: PG_URL, schema, keyEncryptionKey: randomBytes(32).toString('base64') };
  // The bench's own instance migrates and seeds the schema and makes the members; it serves no spins.
  const setup = await buildApp({ db: { pgUrl: PG_URL, schema }, logger: false, housekeeping: false, keyEncryptionKey: job.keyEncryptionKey });
  const instances: Instance[] = [];
  try {
    const members = await benchMembers(setup, MEMBERS, BALANCE);
    for (let i = 0; i < 2; i++) instances.push(await startInstance(job));
    const line = (name: string, r: LoadResult, extra = '') =>
      console.log(`  ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} spins/s  p99 ${r.p99} ms${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}${extra}`);
    for (const count of [1, 2]) {
      const at = instances.slice(0, count);
      const bases = at.map((i) => i.base);
      const label = count === 1 ? '1 instance' : `${count} instances`;
      const single = await cpuPerSpin(at, spinRate(bases, members.slice(0, 1)));
      const one = single.result;
      line(`${label}, 1 member`, one, `  (CPU per spin: server ${single.server.toFixed(1)} ms, database ${single.database.toFixed(1)} ms, load ${single.load.toFixed(1)} ms)`);
      const sampled = await sampleWaits(cpuPerSpin(at, spinRate(bases, members)));
      const five = sampled.value.result;
      const cpu = sampled.value;
      line(`${label}, ${MEMBERS} members`, five, `  (CPU per spin: server ${cpu.server.toFixed(1)} ms, database ${cpu.database.toFixed(1)} ms, load ${cpu.load.toFixed(1)} ms)`);
      const busiest = sampled.waits.slice(0, 4).map(([wait, n]) => `${wait} ${(n / Math.max(sampled.samples, 1)).toFixed(1)}`);
      console.log(`  ${label}, ${MEMBERS} members: database sessions per sample by wait (${sampled.samples} samples): ${busiest.join(', ') || 'none active'}`);
      console.log(`  ${label}: ${MEMBERS} members / 1 member: ${(five.rps / Math.max(one.rps, 1)).toFixed(1)}x (target 3x: independent members do not queue behind each other)`);
      // What this machine can do at all: every spin costs the servers', the database's and the
      // load's CPU, and they share the machine's cores. 3 times the 1-member figure is only
      // reachable when that ceiling is above it.
      const perSpin = cpu.server + cpu.database + cpu.load;
      const ceiling = (availableParallelism() * 1000) / Math.max(perSpin, 0.001);
      console.log(
        `  ${label}: CPU ceiling of this machine at ${perSpin.toFixed(1)} ms per spin on ${availableParallelism()} cores: ${ceiling.toFixed(0)} spins/s; 3x the 1-member figure needs ${(3 * one.rps).toFixed(0)} (${ceiling >= 3 * one.rps ? 'within' : 'above'} the ceiling)`,
      );
    }
    const problems = await checkLedger(setup.db.orm);
    console.log(`  ledger check after the spins: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
  } finally {
    for (const instance of instances) await instance.stop();
    await setup.close();
    await pgSql(PG_URL, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}
