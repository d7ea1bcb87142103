/**
 * The agent's team for `npm run bench` (or alone: `npm run bench -- team`, or BENCH_ONLY=team): an
 * agent of demo-ph gets 10,000 members below it three levels deep and a million bets among them
 * (server/services/team-seed.ts: members in bulk SQL, bets through the records seed's writer; PGlite
 * in a DATA_DIR of its own in a temp folder), then the team screens' calls are measured next to a
 * bare Fastify route in the same run: the overview over 30 days, the team betting's first page
 * (30 days), the same for one member, and the members list. Figures, not assertions.
 * BENCH_TEAM_MEMBERS, BENCH_TEAM_BETS and BENCH_TEAM_BETTORS change the sizes; BENCH_SECONDS the run of each call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { rows } from '../server/db/client';
import { checkLedger } from '../server/ops/ledger-check';
import { teamIdsSql } from '../server/services/team';
import { seedTeam } from '../server/services/team-seed';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const MEMBERS = Number(process.env.BENCH_TEAM_MEMBERS ?? 10_000);
const BETS = Number(process.env.BENCH_TEAM_BETS ?? 1_000_000);
const BETTORS = Number(process.env.BENCH_TEAM_BETTORS ?? 200);
const AGENT = 'benchagent';

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

export async function team(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-team-'));
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, value: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const app = await buildApp({ db: 'pglite', dataDir, logger: false, housekeeping: false });
  try {
    await app.ready();
    const actor = { operatorId: null, actor: 'cli:bench', merchantCodes: null };
    const seeded = await seedTeam(app, actor, { tenantId: 'demo-ph', agent: AGENT, members: MEMBERS, bettors: BETTORS, bets: BETS });
    const root = { id: seeded.agentId, merchantCode: seeded.merchantCode };
    const [size] = await rows<{ n: string }>(app.db.orm, sql`SELECT count(*)::text AS n FROM ${teamIdsSql(root)} AS t`);
    const [teamBets] = await rows<{ n: string }>(app.db.orm, sql`SELECT count(*)::text AS n FROM bets WHERE member_id IN ${teamIdsSql(root)}`);
    console.log(`\n# Agent team (${thousands(Number(size.n))} members three levels deep, ${thousands(Number(teamBets.n))} team bets by ${BETTORS} of them over 30 days; PGlite in ${dataDir})`);
    console.log(`  seed: ${(seeded.ms / 1000).toFixed(1)} s`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the seed: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);

    const agent = (await app.repos.members.byUsername('demoph01', AGENT))!;
    const { token } = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId: agent.id, merchantCode: 'demoph01', ip: '127.0.0.1', firstLogin: false }));
    // The member with the most bets: the member filter at its heaviest.
    const [busiest] = await rows<{ username: string }>(
      app.db.orm,
      sql`SELECT m.username FROM bets b JOIN members m ON m.id = b.member_id WHERE b.member_id IN ${teamIdsSql(root)} GROUP BY m.username ORDER BY count(*) DESC LIMIT 1`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const headers = { host: 'demo-ph.localhost', authorization: `Bearer ${token}` };

    console.log(`  (${CONNECTIONS} connections, ${DURATION_S} s each, loopback)`);
    const b = await rate(bareUrl);
    const line = (name: string, r: Rate) =>
      console.log(
        `  ${name.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ratio to bare ${(b.rps / Math.max(r.rps, 1)).toFixed(1)}x${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`,
      );
    console.log(`  ${'bare Fastify route'.padEnd(52)} ${b.rps.toFixed(0).padStart(7)} req/s  p50 ${String(b.p50).padStart(4)} ms  p99 ${String(b.p99).padStart(4)} ms`);
    const targets: [string, string][] = [
      ['GET /wps/member/wallet (for reference)', '/wps/member/wallet'],
      ['GET /wps/agent/team/overview (30d)', '/wps/agent/team/overview?range=30d'],
      ['GET /wps/agent/team/overview (today)', '/wps/agent/team/overview?range=today'],
      ['GET /wps/agent/team/bets (30d, first page)', '/wps/agent/team/bets?range=30d&language=EN'],
      ...(busiest ? ([[`GET /wps/agent/team/bets (30d, member filter)`, `/wps/agent/team/bets?range=30d&language=EN&member=${busiest.username}`]] as [string, string][]) : []),
      ['GET /wps/agent/team/members (first page)', '/wps/agent/team/members'],
      ['GET /wps/agent/team/pnl (30d, by member)', '/wps/agent/team/pnl?range=30d'],
    ];
    for (const [name, path] of targets) line(name, await rate(base + path, headers));
  } finally {
    await app.close();
    await bare.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
