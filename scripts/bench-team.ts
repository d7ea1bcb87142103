/**
 * The agent's team for `npm run bench` (or alone: `npm run bench -- team`, or BENCH_ONLY=team): an
 * agent of demo-ph gets 10,000 members below it three levels deep and a million bets among them
 * (server/modules/agent/services/team-seed.ts: members in bulk SQL, bets through the records seed's writer; PGlite
 * in a DATA_DIR of its own in a temp folder), then the team screens' calls are measured next to a
 * bare Fastify route in the same run: the overview over 30 days, the team betting's first page
 * (30 days), the same for one member, and the members list. Figures, not assertions.
 * BENCH_TEAM_MEMBERS, BENCH_TEAM_BETS and BENCH_TEAM_BETTORS change the sizes; BENCH_SECONDS the run of each call.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/client';
import { checkLedger } from '../server/money';
import { teamIdsSql } from '../server/modules/account';
import { seedTeam } from '../server/modules/agent';
import { thousands, withSeededBench } from './bench-setup';

const MEMBERS = Number(process.env.BENCH_TEAM_MEMBERS ?? 10_000);
const BETS = Number(process.env.BENCH_TEAM_BETS ?? 1_000_000);
const BETTORS = Number(process.env.BENCH_TEAM_BETTORS ?? 200);
const AGENT = 'benchagent';

export async function team(): Promise<void> {
  await withSeededBench('team', async ({ app, dataDir, actor, session, measure }) => {
    const seeded = await seedTeam(app, actor, { tenantId: 'demo-ph', agent: AGENT, members: MEMBERS, bettors: BETTORS, bets: BETS });
    const root = { id: seeded.agentId, merchantCode: seeded.merchantCode };
    const [size] = await rows<{ n: string }>(app.db.orm, sql`SELECT count(*)::text AS n FROM ${teamIdsSql(root)} AS t`);
    const [teamBets] = await rows<{ n: string }>(app.db.orm, sql`SELECT count(*)::text AS n FROM bets WHERE member_id IN ${teamIdsSql(root)}`);
    console.log(`\n# Agent team (${thousands(Number(size.n))} members three levels deep, ${thousands(Number(teamBets.n))} team bets by ${BETTORS} of them over 30 days; PGlite in ${dataDir})`);
    console.log(`  seed: ${(seeded.ms / 1000).toFixed(1)} s`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the seed: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);

    const token = await session('demoph01', AGENT);
    // The member with the most bets: the member filter at its heaviest.
    const [busiest] = await rows<{ username: string }>(
      app.db.orm,
      sql`SELECT m.username FROM bets b JOIN members m ON m.id = b.member_id WHERE b.member_id IN ${teamIdsSql(root)} GROUP BY m.username ORDER BY count(*) DESC LIMIT 1`,
    );
    const targets: [string, string][] = [
      ['GET /wps/member/wallet (for reference)', '/wps/member/wallet'],
      ['GET /wps/agent/team/overview (30d)', '/wps/agent/team/overview?range=30d'],
      ['GET /wps/agent/team/overview (today)', '/wps/agent/team/overview?range=today'],
      ['GET /wps/agent/team/bets (30d, first page)', '/wps/agent/team/bets?range=30d&language=EN'],
      ...(busiest ? ([[`GET /wps/agent/team/bets (30d, member filter)`, `/wps/agent/team/bets?range=30d&language=EN&member=${busiest.username}`]] as [string, string][]) : []),
      ['GET /wps/agent/team/members (first page)', '/wps/agent/team/members'],
      ['GET /wps/agent/team/pnl (30d, by member)', '/wps/agent/team/pnl?range=30d'],
    ];
    await measure(targets, { host: 'demo-ph.localhost', authorization: `Bearer ${token}` }, 52);
  });
}
