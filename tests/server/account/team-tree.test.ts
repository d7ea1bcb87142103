/**
 * The team tree (0023_team_tree.sql, server/modules/account/services/member-tree.ts): the closure
 * table follows every new member and every move to another upline, refuses a move under one's own
 * team, and the team queries never reach another merchant's members. On the platform, no HTTP.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { depthInTeam, isInTeam, teamIdsSql, uplineChain } from '../../../server/modules/account/services/member-tree';
import { uniqueDigits } from '../helpers';
import { describePlatforms, type TestPlatform } from '../platform-helpers';

describePlatforms('team tree', ({ platform: opened }) => {
  async function member(platform: TestPlatform, uplineId: number | null, merchantCode = 'demoph01', type = 0): Promise<number> {
    const created = await platform.db.orm.transaction((tx) =>
      platform.repos.members.create(tx, { merchantCode, username: `t${uniqueDigits(9)}`, type, uplineId, registerMethod: 'H5' }),
    );
    return created.id;
  }
  const team = async (platform: TestPlatform, id: number, merchantCode = 'demoph01', direct = false) =>
    (await rows<{ id: string | number }>(platform.db.orm, sql`SELECT descendant_id AS id FROM ${teamIdsSql({ id, merchantCode }, { direct })} AS x ORDER BY 1`)).map((r) => Number(r.id));
  const links = async (platform: TestPlatform, id: number) =>
    (await rows<{ a: string | number; d: number }>(platform.db.orm, sql`SELECT ancestor_id AS a, depth AS d FROM member_tree WHERE descendant_id = ${id} ORDER BY depth`)).map((r) => [Number(r.a), Number(r.d)]);

  it('a new member inherits its upline chain; the agent sees its whole team and its direct downline', async () => {
    const platform = opened();
    const agent = await member(platform, null, 'demoph01', 1);
    const sub = await member(platform, agent, 'demoph01', 1);
    const player = await member(platform, sub);
    const direct = await member(platform, agent);
    expect(await links(platform, player)).toEqual([[player, 0], [sub, 1], [agent, 2]]);
    expect(await team(platform, agent)).toEqual([sub, player, direct].sort((a, b) => a - b));
    expect(await team(platform, agent, 'demoph01', true)).toEqual([sub, direct].sort((a, b) => a - b));
    expect(await team(platform, sub)).toEqual([player]);
    expect(await team(platform, player)).toEqual([]);
    expect(await uplineChain(platform.db.orm, player)).toEqual([sub, agent]);
    expect(await depthInTeam(platform.db.orm, { id: agent, merchantCode: 'demoph01' }, player)).toBe(2);
    expect(await isInTeam(platform.db.orm, { id: sub, merchantCode: 'demoph01' }, direct)).toBe(false);
    expect(await isInTeam(platform.db.orm, { id: player, merchantCode: 'demoph01' }, player)).toBe(false);
  });

  it('a member moved to another upline takes its subtree along; a move under its own team is refused', async () => {
    const platform = opened();
    const a = await member(platform, null, 'demoph01', 1);
    const b = await member(platform, null, 'demoph01', 1);
    const sub = await member(platform, a, 'demoph01', 1);
    const leaf = await member(platform, sub);
    await platform.db.orm.execute(sql`UPDATE members SET upline_id = ${b} WHERE id = ${sub}`);
    expect(await team(platform, a)).toEqual([]);
    expect(await team(platform, b)).toEqual([sub, leaf].sort((x, y) => x - y));
    expect(await links(platform, leaf)).toEqual([[leaf, 0], [sub, 1], [b, 2]]);
    const refused = await platform.db.orm.execute(sql`UPDATE members SET upline_id = ${leaf} WHERE id = ${b}`).then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(refused).toMatch(/cannot move under its own team/);
    expect(await team(platform, b)).toEqual([sub, leaf].sort((x, y) => x - y));
  });

  it("never reaches another merchant's members, even under an upline of another merchant", async () => {
    const platform = opened();
    const agent = await member(platform, null, 'demoph01', 1);
    const stray = await member(platform, agent, 'demoen01');
    expect(await team(platform, agent)).toEqual([]);
    expect(await isInTeam(platform.db.orm, { id: agent, merchantCode: 'demoph01' }, stray)).toBe(false);
  });

  it('holds the seeded demo team: demoagent above its players', async () => {
    const platform = opened();
    const [agent] = await rows<{ id: string | number }>(platform.db.orm, sql`SELECT id FROM members WHERE merchant_code = 'demoph01' AND username = 'demoagent'`);
    const names = await rows<{ username: string }>(
      platform.db.orm,
      sql`SELECT m.username FROM members m WHERE m.id IN ${teamIdsSql({ id: Number(agent.id), merchantCode: 'demoph01' })} ORDER BY m.username`,
    );
    expect(names.map((n) => n.username)).toEqual(expect.arrayContaining(['demoteam1', 'demoteam2', 'demoteam3']));
  });
});
