/**
 * The records' figures for `npm run bench` (or alone: `npm run bench -- records`, or
 * BENCH_ONLY=records): one member of demo-ph gets a million settled bets over 30 days and ten
 * thousand ledger entries (ops records seed, PGlite in a DATA_DIR of its own in a temp folder),
 * then the record calls a member's screens make are measured next to a bare Fastify route in the
 * same run: the betting record's first page (30 days), a page half a million bets deep, profit and
 * loss over 30 days, and the account record's first page. Figures, not assertions.
 * BENCH_RECORD_BETS and BENCH_RECORD_LEDGER change the sizes; BENCH_SECONDS the run of each call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { rows } from '../server/db/client';
import { encodeCursor } from '../server/lib/cursor';
import { checkLedger } from '../server/ops/ledger-check';
import { seedRecords } from '../server/services/records-seed';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const BETS = Number(process.env.BENCH_RECORD_BETS ?? 1_000_000);
const LEDGER = Number(process.env.BENCH_RECORD_LEDGER ?? 10_000);
const MEMBER = 'demoplayer';

interface Rate {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function rate(url: string, headers: Record<string, string> = {}): Promise<Rate> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const thousands = (n: number) => n.toLocaleString('en-US');

export async function records(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-records-'));
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, value: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const app = await buildApp({ db: 'pglite', dataDir, logger: false, housekeeping: false });
  try {
    await app.ready();
    const actor = { operatorId: null, actor: 'cli:bench', merchantCodes: null };
    const seeded = await seedRecords(app, actor, { tenantId: 'demo-ph', username: MEMBER, bets: BETS, ledger: LEDGER });
    console.log(`\n# Records (one member: ${thousands(seeded.bets)} bets and ${thousands(seeded.entries)} wallet entries over 30 days; PGlite in ${dataDir})`);
    console.log(`  seed: ${(seeded.ms / 1000).toFixed(1)} s (${thousands(Math.round(seeded.bets / (seeded.ms / 1000)))} bets/s, ${seeded.batches} batches)`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the seed: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);

    const member = (await app.repos.members.byUsername('demoph01', MEMBER))!;
    const { token } = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId: member.id, merchantCode: 'demoph01', ip: '127.0.0.1', firstLogin: false }));
    // A cursor half-way down the member's bets: a keyset page costs the same at any depth.
    const [middle] = await rows<{ micros: string; id: string }>(
      app.db.orm,
      sql`SELECT (extract(epoch from created_at) * 1000000)::bigint::text AS micros, id::text FROM bets
          WHERE member_id = ${member.id} ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(BETS / 2)} LIMIT 1`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const headers = { host: 'demo-ph.localhost', authorization: `Bearer ${token}` };

    console.log(`  (${CONNECTIONS} connections, ${DURATION_S} s each, loopback)`);
    const b = await rate(bareUrl);
    const line = (name: string, r: Rate) =>
      console.log(
        `  ${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ratio to bare ${(b.rps / Math.max(r.rps, 1)).toFixed(1)}x${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`,
      );
    console.log(`  ${'bare Fastify route'.padEnd(44)} ${b.rps.toFixed(0).padStart(7)} req/s  p50 ${String(b.p50).padStart(4)} ms  p99 ${String(b.p99).padStart(4)} ms`);
    const targets: [string, string][] = [
      ['GET /wps/records/bets (30d, first page)', '/wps/records/bets?range=30d&language=EN'],
      ...(middle ? ([['GET /wps/records/bets (30d, half-way down)', `/wps/records/bets?range=30d&language=EN&cursor=${encodeCursor([middle.micros, middle.id])}`]] as [string, string][]) : []),
      ['GET /wps/records/pnl (30d)', '/wps/records/pnl?range=30d'],
      ['GET /wps/records/transactions (30d, first page)', '/wps/records/transactions?range=30d'],
    ];
    for (const [name, path] of targets) line(name, await rate(base + path, headers));
  } finally {
    await app.close();
    await bare.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
