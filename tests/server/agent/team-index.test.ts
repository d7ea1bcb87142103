/**
 * The team queries read indexes, not whole tables: after seeding a few large teams (thousands of
 * members three levels deep, thousands of bets) and ANALYZE, the plans of the team's subtree, the
 * overview, a page of the team's bets (a large team, off the merchant's time index; one member,
 * off its own) and their totals show index scans on member_tree and bets and no Seq Scan on
 * either, on both databases.
 */
import { sql, type SQL } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { rows } from '../../../server/db/client';
import { recordRange } from '../../../server/lib/record-range';
import type { OpsActor } from '../../../server/ops/types';
import { overviewQuery, SMALL_TEAM, teamBetPageQuery } from '../../../server/modules/agent/services/team-records';
import { seedTeam } from '../../../server/modules/agent/services/team-seed';
import { teamIdsSql } from '../../../server/modules/account/services/member-tree';
import { describeBackends, uniqueDigits } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

// Building the server (migrations on a fresh database) can take over a minute on a loaded machine.
vi.setConfig({ hookTimeout: 180_000 });

describeBackends('team queries use indexes', ({ server }) => {
  it('reads the subtree off member_tree and the team bets off the bets indexes', { timeout: 240_000 }, async () => {
    const { app } = server();
    const tenant = app.tenants.all.get('demo-ph')!;
    // Four teams of 2,000: the agent's is a quarter of the tree, as one agent's is among many.
    const seeded = [];
    for (let i = 0; i < 4; i++) {
      seeded.push(await seedTeam(app, CLI, { tenantId: 'demo-ph', agent: `ix${uniqueDigits(7)}`, members: 2000, bettors: i === 0 ? 20 : 4, bets: i === 0 ? 6000 : 1200 }));
    }
    const root = { id: seeded[0].agentId, merchantCode: seeded[0].merchantCode };
    const [size] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM ${teamIdsSql(root)} AS t`);
    expect(size.n).toBe(2000);
    expect(size.n).toBeGreaterThan(SMALL_TEAM);
    const [bettor] = await rows<{ id: string }>(
      app.db.orm,
      sql`SELECT b.member_id::text AS id FROM bets b WHERE b.member_id IN ${teamIdsSql(root)} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const range = recordRange(tenant, { range: '30d' });
    const explain = async (query: SQL) => (await rows<Record<string, string>>(app.db.orm, sql`EXPLAIN ${query}`)).map((r) => Object.values(r)[0]).join('\n');

    const subtree = await explain(sql`SELECT count(*) FROM ${teamIdsSql(root)} AS t`);
    const overview = await explain(overviewQuery(root, range));
    const teamPage = await explain(teamBetPageQuery({ root, range, after: undefined, limit: 21, strategy: 'merchant' }));
    const memberPage = await explain(teamBetPageQuery({ root, range, memberId: Number(bettor.id), after: undefined, limit: 21, strategy: 'member' }));
    const smallTeamPage = await explain(teamBetPageQuery({ root, range, after: undefined, limit: 21, strategy: 'members' }));
    for (const plan of [subtree, overview, teamPage, memberPage, smallTeamPage]) {
      expect(plan).not.toMatch(/Seq Scan on (bets|member_tree)\b/);
    }
    const treeIndex = /(Bitmap Index Scan on|Index (Only )?Scan using) member_tree_pkey/;
    expect(subtree).toMatch(treeIndex);
    expect(overview, overview).toMatch(treeIndex);
    // The team's newest bets: read backwards off the merchant's time index, not sorted.
    expect(teamPage, teamPage).toMatch(/Index Scan Backward using bets_merchant_time_idx on bets/);
    expect(memberPage, memberPage).toMatch(/Index Scan Backward using bets_member_time_idx on bets/);
    expect(smallTeamPage, smallTeamPage).toMatch(/using bets_member_time_idx on bets/);
  });
});
