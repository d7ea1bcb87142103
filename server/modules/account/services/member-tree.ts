/**
 * The team tree (0023_team_tree.sql): an agent's team is every member below it at any depth, read
 * from the closure table `member_tree` by one index range, never by walking upline_id. The table is
 * kept by database triggers on members (insert, and a move to another upline), so every way a
 * member is created (registration, an agent opening an account, seeding) keeps it whole.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { memberTree, members } from '../../../db/schema';

/** What the team queries take: the agent, as its row or id and merchant. */
export interface TeamRoot {
  id: number;
  merchantCode: string;
}

/**
 * A subquery of the ids of the agent's team (depth 1 and below; `direct` keeps depth 1 only), for
 * `col IN (...)` or a join. It stays inside the agent's merchant: a member of another merchant is
 * never in the team, whatever the data says.
 */
export function teamIdsSql(root: TeamRoot, { direct = false }: { direct?: boolean } = {}): SQL {
  return sql`(SELECT t.descendant_id FROM member_tree t JOIN members tm ON tm.id = t.descendant_id
    WHERE t.ancestor_id = ${root.id} AND ${direct ? sql`t.depth = 1` : sql`t.depth > 0`} AND tm.merchant_code = ${root.merchantCode})`;
}

/** Whether `memberId` is in the agent's team (at any depth below it), in the agent's merchant. */
export async function isInTeam(db: Executor, root: TeamRoot, memberId: number): Promise<boolean> {
  return (await depthInTeam(db, root, memberId)) !== null;
}

/** The distance from the agent down to `memberId` (1 for a direct downline), or null outside the team. */
export async function depthInTeam(db: Executor, root: TeamRoot, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, root.id), eq(memberTree.descendantId, memberId), gt(memberTree.depth, 0), eq(members.merchantCode, root.merchantCode)))
    .limit(1);
  return row?.depth ?? null;
}

/** The member's uplines, nearest first (ids), as the tree holds them. */
export async function uplineChain(db: Executor, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberTree.ancestorId, depth: memberTree.depth })
    .from(memberTree)
    .where(and(eq(memberTree.descendantId, memberId), gt(memberTree.depth, 0)))
    .orderBy(memberTree.depth);
  return rows.map((r) => r.id);
}

/**
 * The agent's team with each member's depth below it (1: direct) and registration time, as a
 * subquery of (id, depth, reg_date): the same index range as teamIdsSql, for figures that split
 * the direct downline from the whole team.
 */
export function teamDepthsSql(root: TeamRoot): SQL {
  return sql`(SELECT t.descendant_id AS id, t.depth, tm.reg_date FROM member_tree t JOIN members tm ON tm.id = t.descendant_id
    WHERE t.ancestor_id = ${root.id} AND t.depth > 0 AND tm.merchant_code = ${root.merchantCode})`;
}
