/**
 * The agent's team screens (schemas/api/team.json): overview, members, profit and loss, betting.
 * Every query reads the team from the team tree (member_tree, services/team.ts: one index range
 * of the agent's rows) and the figures from the records' per-day aggregates (bet_days per member,
 * day and game; ledger_days per account, day and kind), so a month of a 10,000-member team costs a
 * row per member and day, never a scan of its bets. The team betting list pages the bets
 * themselves, newest first: a small team per member (bets_member_time_idx), a large one off the
 * merchant's time index keeping the team's rows (bets_merchant_time_idx, 0027_team_records.sql).
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { BetPage, BetsQuery, Figures, MemberPage, MembersQuery, Overview, PnlPage, PnlQuery, PnlRow, RangeQuery, TeamBet, TeamMember } from '../../../../src/generated/api/team';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows, type Executor } from '../../../db/client';
import { ApiError } from '../../../errors';
import { decodeCursor, decodeTimeCursor, encodeCursor, epochMicros, newerThan, timeCursor, type TimeKey } from '../../../lib/cursor';
import { INHOUSE_VENDOR } from '../../../lib/games-catalogue';
import { contentLang } from '../../../lib/lang';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange, type RecordRange } from '../../../lib/record-range';
import type { MemberRow } from '../../../repositories/members';
import { categoryFilter, categoryOf } from '../../records';
import { isAgentType } from '../../../../src/domain/member-types';
import { memberMoneySql, walletBalanceSql } from '../../../money';
import { depthInTeam, teamDepthsSql, teamIdsSql, type TeamRoot } from '../../account';

/** A team this size or smaller is paged per member; a larger one off the merchant's time index. */
export const SMALL_TEAM = 200;

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const inDays = (range: RecordRange, alias: SQL) => sql`${alias}.day >= ${range.days.start}::date AND ${alias}.day <= ${range.days.end}::date`;

/** The asking member as the root of its team; a player or trial member has none: 403 agent.required. */
function agentRoot(member: MemberRow): TeamRoot {
  if (!isAgentType(member.type)) throw new ApiError('agent.required', 403);
  return { id: member.id, merchantCode: member.merchantCode };
}

/**
 * A member of the agent's team by username with its depth below the agent; anyone else (another
 * agent's member, another merchant's, the agent itself, nobody) is the same 404 not.found.
 */
async function teamMemberByName(platform: Platform, root: TeamRoot, username: string): Promise<{ member: MemberRow; depth: number }> {
  const member = await platform.repos.members.byUsername(root.merchantCode, username);
  const depth = member ? await depthInTeam(platform.db.orm, root, member.id) : null;
  if (!member || depth === null) throw new ApiError('not.found', 404);
  return { member, depth };
}

// --- Overview -------------------------------------------------------------------------------

interface FigureRow {
  direct: boolean;
  members: string | number;
  new_members: string | number;
  active: string | number;
  bets: string | null;
  stake: string | null;
  valid: string | null;
  win: string | null;
  deposit: string | null;
  withdrawal: string | null;
}

/**
 * The overview's statement: the team (one range of member_tree) joined with each member's bets
 * and money of the range summed from bet_days and ledger_days, grouped into the direct downline
 * and the rest. Answers up to two rows (direct true / false).
 */
export function overviewQuery(root: TeamRoot, range: RecordRange): SQL {
  return sql`WITH team AS ${teamDepthsSql(root)},
    bet AS (SELECT d.member_id, sum(d.bet_count) AS bets, sum(d.stake) AS stake, sum(d.valid_turnover) AS valid, sum(d.win) AS win
            FROM bet_days d WHERE d.member_id IN (SELECT id FROM team) AND ${inDays(range, sql`d`)} GROUP BY d.member_id),
    money AS (${memberMoneySql(sql`SELECT id FROM team`, range.days)})
    SELECT (team.depth = 1) AS direct, count(*) AS members,
      count(*) FILTER (WHERE team.reg_date >= ${at(range.from)} AND team.reg_date < ${at(range.until)}) AS new_members,
      count(*) FILTER (WHERE bet.bets > 0) AS active,
      sum(bet.bets)::text AS bets, sum(bet.stake)::text AS stake, sum(bet.valid)::text AS valid, sum(bet.win)::text AS win,
      sum(money.deposit)::text AS deposit, sum(money.withdrawal)::text AS withdrawal
    FROM team LEFT JOIN bet ON bet.member_id = team.id LEFT JOIN money ON money.member_id = team.id
    GROUP BY 1`;
}

function figuresOf(found: readonly FigureRow[]): Figures {
  const sum = (pick: (r: FigureRow) => unknown) => found.reduce((s, r) => s + num(pick(r)), 0);
  const stake = sum((r) => r.stake);
  const win = sum((r) => r.win);
  return {
    members: sum((r) => r.members),
    newMembers: sum((r) => r.new_members),
    activeMembers: sum((r) => r.active),
    deposit: toAmount(sum((r) => r.deposit)),
    withdrawal: toAmount(sum((r) => r.withdrawal)),
    betCount: sum((r) => r.bets),
    stake: toAmount(stake),
    validTurnover: toAmount(sum((r) => r.valid)),
    win: toAmount(win),
    net: toAmount(win - stake),
  };
}

/** GET overview: the direct downline's and the whole team's figures over the range, in one statement. */
export async function teamOverview(platform: Platform, tenant: Tenant, member: MemberRow, query: RangeQuery): Promise<Overview> {
  const root = agentRoot(member);
  const range = recordRange(tenant, query);
  const found = await rows<FigureRow>(platform.db.orm, overviewQuery(root, range));
  const isDirect = (r: FigureRow) => r.direct === true || String(r.direct) === 't' || String(r.direct) === 'true';
  return { range: rangeEcho(range), direct: figuresOf(found.filter(isDirect)), team: figuresOf(found) };
}

// --- Members --------------------------------------------------------------------------------

interface MemberListRow {
  id: string | number;
  username: string;
  type: number;
  vip_level: number;
  reg_date: Date | string;
  last_login_at: Date | string | null;
  depth: number;
  team_size: string | number;
  balance: string | null;
}

/** LIKE's wildcards in a search taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const memberColumns = (showBalance: boolean) => sql`m.id, m.username, m.type, m.vip_level, m.reg_date, m.last_login_at,
  (SELECT count(*) FROM member_tree s WHERE s.ancestor_id = m.id AND s.depth > 0) AS team_size,
  ${showBalance ? walletBalanceSql(sql`m.id`) : sql`NULL::text`} AS balance`;

function teamMemberOf(r: MemberListRow, level: number, showBalance: boolean): TeamMember {
  return {
    id: Number(r.id),
    username: r.username,
    agent: isAgentType(Number(r.type)),
    level,
    vipLevel: Number(r.vip_level),
    teamSize: num(r.team_size),
    registeredAt: iso(r.reg_date),
    ...(r.last_login_at ? { lastLoginAt: iso(r.last_login_at) } : {}),
    ...(showBalance ? { balance: toAmount(num(r.balance)) } : {}),
  };
}

/**
 * GET members: the direct downline of the agent, or of `parent` (a member of its team), newest
 * first, keyset-paged on member_tree's (ancestor_id, depth, descendant_id) key; a search looks at
 * every depth below that member.
 */
export async function teamMembers(platform: Platform, tenant: Tenant, member: MemberRow, query: MembersQuery): Promise<MemberPage> {
  const root = agentRoot(member);
  const pageSize = query.pageSize ?? 20;
  const [afterId] = query.cursor === undefined ? [] : decodeCursor(query.cursor, 1);
  const showBalance = tenant.settings.agent?.showMemberBalance === true;
  const parent = query.parent === undefined ? null : await teamMemberByName(platform, root, query.parent);
  const parentId = parent?.member.id ?? root.id;
  const base = parent?.depth ?? 0;
  const search = query.search?.trim();
  const where = sql.join(
    [
      sql`t.ancestor_id = ${parentId}`,
      search ? sql`t.depth > 0 AND m.username ILIKE ${`%${likeLiteral(search)}%`}` : sql`t.depth = 1`,
      sql`m.merchant_code = ${root.merchantCode}`,
    ],
    sql` AND `,
  );
  const [list, [count], parentRow, path] = await Promise.all([
    rows<MemberListRow>(
      platform.db.orm,
      sql`SELECT ${memberColumns(showBalance)}, t.depth FROM member_tree t JOIN members m ON m.id = t.descendant_id
          WHERE ${where}${afterId === undefined ? sql`` : sql` AND t.descendant_id < ${afterId}::bigint`}
          ORDER BY t.descendant_id DESC LIMIT ${pageSize + 1}`,
    ),
    rows<{ n: string | number }>(platform.db.orm, sql`SELECT count(*) AS n FROM member_tree t JOIN members m ON m.id = t.descendant_id WHERE ${where}`),
    parent ? rows<MemberListRow>(platform.db.orm, sql`SELECT ${memberColumns(showBalance)}, 0 AS depth FROM members m WHERE m.id = ${parent.member.id}`) : Promise.resolve([]),
    // From the agent's direct downline down to parent: parent's uplines closer than the agent.
    parent
      ? rows<{ username: string }>(
          platform.db.orm,
          sql`SELECT m.username FROM member_tree t JOIN members m ON m.id = t.ancestor_id
              WHERE t.descendant_id = ${parent.member.id} AND t.depth < ${parent.depth} ORDER BY t.depth DESC`,
        )
      : Promise.resolve([]),
  ]);
  const page = list.slice(0, pageSize);
  const last = page.at(-1);
  return {
    list: page.map((r) => teamMemberOf(r, base + Number(r.depth), showBalance)),
    ...(list.length > pageSize && last ? { nextCursor: encodeCursor([last.id]) } : {}),
    ...(parent && parentRow[0] ? { parent: teamMemberOf(parentRow[0], parent.depth, showBalance) } : {}),
    path: path.map((p) => p.username),
    total: num(count?.n),
    showBalance,
  };
}

// --- Profit and loss ------------------------------------------------------------------------

interface PnlListRow {
  key: string;
  depth: number | null;
  member_id: string | number | null;
  bets: string;
  stake: string;
  valid: string;
  win: string;
}

const pnlRowOf = (r: PnlListRow): PnlRow => ({
  key: r.key,
  ...(r.depth === null || r.depth === undefined ? {} : { level: Number(r.depth) }),
  betCount: num(r.bets),
  stake: toAmount(num(r.stake)),
  validTurnover: toAmount(num(r.valid)),
  win: toAmount(num(r.win)),
  net: toAmount(num(r.win) - num(r.stake)),
});

/** The category a bet_days row is shown under (categoryOf in SQL). */
const categorySql = (alias: SQL) => sql`CASE WHEN ${alias}.vassalage = ${INHOUSE_VENDOR} THEN 'INHOUSE' ELSE ${alias}.game_type END`;

/**
 * GET pnl: the team's bets of the range summed from bet_days, by member (the largest stake first,
 * keyset-paged on (stake, member id)) or by category (one page), with the totals.
 */
export async function teamPnl(platform: Platform, tenant: Tenant, member: MemberRow, query: PnlQuery): Promise<PnlPage> {
  const root = agentRoot(member);
  const range = recordRange(tenant, query);
  const by = query.by ?? 'member';
  const pageSize = query.pageSize ?? 20;
  const after = by === 'member' && query.cursor !== undefined ? decodeCursor(query.cursor, 2) : undefined;
  const days = sql`WITH team AS ${teamDepthsSql(root)}, days AS (SELECT d.* FROM bet_days d WHERE d.member_id IN (SELECT id FROM team) AND ${inDays(range, sql`d`)})`;
  const [totals] = await rows<{ bets: string | null; stake: string | null; valid: string | null; win: string | null; active: string | number }>(
    platform.db.orm,
    sql`${days} SELECT sum(bet_count)::text AS bets, sum(stake)::text AS stake, sum(valid_turnover)::text AS valid, sum(win)::text AS win, count(DISTINCT member_id) AS active FROM days`,
  );
  const list =
    by === 'member'
      ? await rows<PnlListRow>(
          platform.db.orm,
          sql`${days}, s AS (SELECT member_id, sum(bet_count) AS bets, sum(stake) AS stake, sum(valid_turnover) AS valid, sum(win) AS win FROM days GROUP BY member_id)
              SELECT m.username AS key, team.depth, s.member_id, s.bets::text AS bets, s.stake::text AS stake, s.valid::text AS valid, s.win::text AS win
              FROM s JOIN members m ON m.id = s.member_id JOIN team ON team.id = s.member_id
              ${after ? sql`WHERE (s.stake, s.member_id) < (${after[0]}::bigint, ${after[1]}::bigint)` : sql``}
              ORDER BY s.stake DESC, s.member_id DESC LIMIT ${pageSize + 1}`,
        )
      : await rows<PnlListRow>(
          platform.db.orm,
          sql`${days} SELECT ${categorySql(sql`days`)} AS key, NULL::int AS depth, NULL::bigint AS member_id, sum(bet_count)::text AS bets, sum(stake)::text AS stake,
                sum(valid_turnover)::text AS valid, sum(win)::text AS win
              FROM days GROUP BY 1 ORDER BY sum(stake) DESC, 1`,
        );
  const page = by === 'member' ? list.slice(0, pageSize) : list;
  const last = page.at(-1);
  const stake = num(totals?.stake);
  const win = num(totals?.win);
  return {
    by,
    list: page.map(pnlRowOf),
    ...(by === 'member' && list.length > pageSize && last ? { nextCursor: encodeCursor([last.stake, last.member_id!]) } : {}),
    totals: { betCount: num(totals?.bets), stake: toAmount(stake), validTurnover: toAmount(num(totals?.valid)), win: toAmount(win), net: toAmount(win - stake), activeMembers: num(totals?.active) },
    range: rangeEcho(range),
  };
}

// --- Betting --------------------------------------------------------------------------------

interface TeamBetRow {
  id: string | number;
  member_id: string | number;
  node_id: number;
  vassalage: string;
  game_type: string;
  stake: string | number;
  win: string | number;
  micros: string;
  created_at: Date | string;
  username: string;
  depth: number;
  name_en: string | null;
  name_ty: string | null;
}

export interface TeamBetPageInput {
  root: TeamRoot;
  range: RecordRange;
  /** One member of the team (already checked to be in it). */
  memberId?: number;
  category?: string;
  after?: TimeKey;
  limit: number;
  /** Page per member (a small team) or off the merchant's time index (a large one). */
  strategy: 'member' | 'members' | 'merchant';
}

const BET_COLUMNS = sql`b.id, b.member_id, b.node_id, b.vassalage, b.game_type, b.stake, b.win, b.created_at`;

/**
 * One page of the team's bets, newest first: for one member, off its (member_id, created_at, id)
 * index; for a small team, the newest `limit` of each member (the same index) merged; for a large
 * team, the merchant's bets read backwards by time keeping those of the team, which stops once
 * the page is full. Then the member's name, depth and the game's names are joined to the page.
 */
export function teamBetPageQuery(input: TeamBetPageInput): SQL {
  const { root, range, category, after, limit } = input;
  const bounds = (alias: SQL) =>
    sql.join(
      [sql`${alias}.created_at >= ${at(range.from)}`, newerThan(sql`${alias}.created_at`, sql`${alias}.id`, range.until, after), categoryFilter(category, alias)].filter(
        (c): c is SQL => c !== undefined,
      ),
      sql` AND `,
    );
  let page: SQL;
  if (input.strategy === 'member') {
    page = sql`SELECT ${BET_COLUMNS} FROM bets b WHERE b.member_id = ${input.memberId!} AND ${bounds(sql`b`)} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`;
  } else if (input.strategy === 'members') {
    page = sql`SELECT b.* FROM ${teamIdsSql(root)} AS team
      CROSS JOIN LATERAL (SELECT ${BET_COLUMNS} FROM bets b WHERE b.member_id = team.descendant_id AND ${bounds(sql`b`)}
                          ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}) b
      ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`;
  } else {
    page = sql`SELECT ${BET_COLUMNS} FROM bets b
      WHERE b.merchant_code = ${root.merchantCode} AND ${bounds(sql`b`)} AND b.member_id IN ${teamIdsSql(root)}
      ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`;
  }
  return sql`SELECT p.id, p.member_id, p.node_id, p.vassalage, p.game_type, p.stake, p.win, ${epochMicros(sql`p.created_at`)} AS micros, p.created_at,
      m.username, t.depth, g.name_en, g.name_ty
    FROM (${page}) p
    JOIN members m ON m.id = p.member_id
    JOIN member_tree t ON t.descendant_id = p.member_id AND t.ancestor_id = ${root.id}
    LEFT JOIN games g ON g.merchant_code = ${root.merchantCode} AND g.node_id = p.node_id
    ORDER BY p.created_at DESC, p.id DESC`;
}

/** The team's (or one member's) bets of the range's days summed from bet_days. */
function teamBetSumsQuery(root: TeamRoot, range: RecordRange, memberId: number | undefined, category: string | undefined): SQL {
  const filter = categoryFilter(category, sql`d`);
  const who = memberId === undefined ? sql`d.member_id IN ${teamIdsSql(root)}` : sql`d.member_id = ${memberId}`;
  return sql`SELECT sum(d.bet_count)::text AS count, sum(d.stake)::text AS stake, sum(d.valid_turnover)::text AS valid, sum(d.win)::text AS win
    FROM bet_days d WHERE ${who} AND ${inDays(range, sql`d`)}${filter ? sql` AND ${filter}` : sql``}`;
}

/** How many members the team has (one index range of member_tree). */
async function teamSize(db: Executor, root: TeamRoot): Promise<number> {
  const [found] = await rows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${teamIdsSql(root)} AS team`);
  return num(found?.n);
}

/** GET bets: one page of the team's bets (of one member, of one category) with the totals of the range. */
export async function teamBets(platform: Platform, tenant: Tenant, member: MemberRow, query: BetsQuery): Promise<BetPage> {
  const root = agentRoot(member);
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? 20;
  const after = decodeTimeCursor(query.cursor);
  const lang = contentLang(query.language ?? tenant.i18n.default);
  const one = query.member === undefined ? undefined : (await teamMemberByName(platform, root, query.member)).member.id;
  const strategy = one !== undefined ? 'member' : (await teamSize(platform.db.orm, root)) <= SMALL_TEAM ? 'members' : 'merchant';
  const [found, [sums]] = await Promise.all([
    rows<TeamBetRow>(platform.db.orm, teamBetPageQuery({ root, range, memberId: one, category: query.category, after, limit: pageSize + 1, strategy })),
    rows<{ count: string | null; stake: string | null; valid: string | null; win: string | null }>(platform.db.orm, teamBetSumsQuery(root, range, one, query.category)),
  ]);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  const stake = num(sums?.stake);
  const win = num(sums?.win);
  return {
    list: page.map((r): TeamBet => {
      const betStake = Number(r.stake);
      const betWin = Number(r.win);
      return {
        id: Number(r.id),
        member: r.username,
        level: Number(r.depth),
        gameName: (lang === 'TY' ? r.name_ty : r.name_en) ?? `${r.vassalage} ${r.node_id}`,
        vendor: r.vassalage,
        category: categoryOf(r.game_type, r.vassalage),
        stake: toAmount(betStake),
        win: toAmount(betWin),
        net: toAmount(betWin - betStake),
        createdAt: iso(r.created_at),
      };
    }),
    ...(found.length > pageSize && last ? { nextCursor: timeCursor(last.micros, last.id) } : {}),
    totals: { count: num(sums?.count), stake: toAmount(stake), validTurnover: toAmount(num(sums?.valid)), win: toAmount(win), net: toAmount(win - stake) },
    range: rangeEcho(range),
  };
}
