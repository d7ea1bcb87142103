/**
 * Missions: the tasks of MISSION promotions (0019_missions.sql), the member's progress, the claim
 * of a completed task and the week's points ranking. A member joins a mission with the
 * promotion's action (services/promotions.ts, entry 'joined').
 *
 * A 'wager' task counts the stakes of the member's bets of its game type (any game without one)
 * since joining, within its period: the tenant's week (Monday 00:00 to Monday 00:00 in its time
 * zone) or the promotion's period; one indexed range of bets (member, game type, time) per task.
 * A completed task is claimed once per member, task and period (a unique row): the claim grants
 * its reward through the reward centre (source 'mission', source_ref <code>:<task>:<period>) and
 * adds its points to the member's week. Claims of one member and task are decided one after
 * another (an advisory lock); the Idempotency-Key makes a retry answer the first claim.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Claim, Mission, MissionList, Ranking, Task, TaskState } from '../../../../src/generated/api/missions';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { rows as rowsOfSql, type Executor } from '../../../db/client';
import { bets, missionClaims, missionTasks, promotionEntries, promotions, type MissionTaskKind, type MissionTaskPeriod } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { maskName } from '../../../lib/games-catalogue';
import type { Once } from '../../../lib/idempotency';
import { contentLang } from '../../../lib/lang';
import { toAmount } from '../../../../src/domain/money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { assertRealMember } from '../../account';
import { periodStatus, rowsOf, type PromotionRow } from './promotions';
import { assertVerifiedPerson, lockPerson, personIdsSql } from '../../account';
import { expiryDaysOf, grantReward } from './rewards';
import { assertNotExcluded } from '../../protection';

export type MissionTaskRow = typeof missionTasks.$inferSelect;

const MISSION_TYPE = 'MISSION';
export const TASK_KINDS: readonly MissionTaskKind[] = ['wager'];
export const TASK_PERIODS: readonly MissionTaskPeriod[] = ['week', 'promotion'];
/** Members one ranking answers. */
const RANKING_LIMIT = 50;

interface Week {
  /** The Monday (YYYY-MM-DD) of the tenant's week. */
  start: string;
  from: Date;
  until: Date;
}

/** The tenant's week at `now`: Monday 00:00 to the next Monday 00:00 in its time zone. */
function weekOf(tenant: Tenant, now: Date = new Date()): Week {
  const zone = tenantTimeZone(tenant);
  const today = zoneDate(zone, now.getTime());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const start = shiftDate(today, -((weekday + 6) % 7));
  return { start, from: new Date(zoneMidnight(zone, start)), until: new Date(zoneMidnight(zone, shiftDate(start, 7))) };
}

/** The claim period of a task: the week's Monday, or '' for the promotion's period. */
const periodKey = (task: MissionTaskRow, week: Week): string => (task.period === 'week' ? week.start : '');

/** The tenant's enabled MISSION promotions in one language (none when the tenant does not enable the type). */
async function missionsOf(db: Executor, tenant: Tenant, lang: string, code?: string): Promise<PromotionRow[]> {
  if (!tenant.settings.promotions.includes(MISSION_TYPE)) return [];
  return (await rowsOf(db, tenant, lang, code)).filter((r) => r.type === MISSION_TYPE);
}

async function missionOf(db: Executor, tenant: Tenant, langQuery: string | undefined, code: string): Promise<PromotionRow> {
  const [row] = await missionsOf(db, tenant, contentLang(langQuery ?? tenant.i18n.default), code);
  if (!row) throw new ApiError('promotion.not.found', 404);
  return row;
}

async function tasksOf(db: Executor, merchantCode: string, codes: string[]): Promise<MissionTaskRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(missionTasks)
    .where(and(eq(missionTasks.merchantCode, merchantCode), inArray(missionTasks.promotionCode, codes), eq(missionTasks.enabled, true)))
    .orderBy(asc(missionTasks.sort), asc(missionTasks.id));
}

/** When the member joined each mission (code -> time). */
async function joinedAt(db: Executor, merchantCode: string, memberId: number, codes: string[]): Promise<Map<string, Date>> {
  if (codes.length === 0) return new Map();
  const found = await db
    .select({ code: promotionEntries.promotionCode, at: promotionEntries.createdAt })
    .from(promotionEntries)
    .where(and(eq(promotionEntries.merchantCode, merchantCode), eq(promotionEntries.memberId, memberId), inArray(promotionEntries.promotionCode, codes), eq(promotionEntries.period, ''), eq(promotionEntries.state, 'joined')));
  return new Map(found.map((r) => [r.code, r.at]));
}

const later = (a: Date, b: Date | null | undefined) => (b && b > a ? b : a);
const earlier = (a: Date | null, b: Date | null | undefined) => (b && (a === null || b < a) ? b : a);

/** The instants a task counts bets in: [from, until), until null for no end. */
function windowOf(task: MissionTaskRow, row: PromotionRow, joined: Date, week: Week): { from: Date; until: Date | null } {
  let from = later(joined, row.startsAt);
  let until: Date | null = earlier(null, row.endsAt);
  if (task.period === 'week') {
    from = later(from, week.from);
    until = earlier(until, week.until);
  }
  return { from, until };
}

/** The member's stakes on the task's game type in [from, until): one range of bets_member_type_time_idx. */
async function progressOf(db: Executor, memberId: number, task: MissionTaskRow, window: { from: Date; until: Date | null }): Promise<number> {
  const [row] = await db
    .select({ staked: sql<string>`coalesce(sum(${bets.stake}), 0)` })
    .from(bets)
    .where(
      and(
        eq(bets.memberId, memberId),
        task.gameType === null ? undefined : eq(bets.gameType, task.gameType),
        sql`${bets.createdAt} >= ${window.from.toISOString()}::timestamptz`,
        window.until ? sql`${bets.createdAt} < ${window.until.toISOString()}::timestamptz` : undefined,
      ),
    );
  return Number(row?.staked ?? 0);
}

/** The member's points of one mission in one week. */
async function weekPoints(db: Executor, merchantCode: string, memberId: number, code: string, week: Week): Promise<number> {
  const [row] = await db
    .select({ points: sql<string>`coalesce(sum(${missionClaims.points}), 0)` })
    .from(missionClaims)
    .where(and(eq(missionClaims.merchantCode, merchantCode), eq(missionClaims.promotionCode, code), eq(missionClaims.week, week.start), eq(missionClaims.memberId, memberId)));
  return Number(row?.points ?? 0);
}

function presentTask(task: MissionTaskRow, row: PromotionRow, week: Week, lang: string, progress: number, state: TaskState): Task {
  const endsAt = task.period === 'week' ? earlier(week.until, row.endsAt) : row.endsAt;
  return {
    id: task.id,
    title: lang === 'TY' ? task.titleTy : task.titleEn,
    kind: task.kind,
    ...(task.gameType ? { gameType: task.gameType } : {}),
    period: task.period,
    ...(endsAt ? { periodEndsAt: endsAt.toISOString() } : {}),
    target: toAmount(task.target),
    progress: toAmount(progress),
    points: task.points,
    rewardAmount: toAmount(task.rewardAmount),
    turnoverMultiplier: Number(task.turnoverMultiplier),
    state,
  };
}

function stateOf(task: MissionTaskRow, progress: number, claimed: boolean, open: boolean): TaskState {
  if (claimed) return 'claimed';
  if (!open) return 'locked';
  return progress >= task.target ? 'complete' : 'process';
}

/** GET list: the missions with their tasks; with a session the member's progress, states and points. */
export async function listMissions(platform: Platform, actor: Actor, langQuery: string | undefined): Promise<MissionList> {
  const tenant = actor.tenant;
  const db = platform.db.orm;
  const lang = contentLang(langQuery ?? tenant.i18n.default);
  const now = new Date();
  const week = weekOf(tenant, now);
  const rows = await missionsOf(db, tenant, lang);
  const codes = rows.map((r) => r.code);
  const tasks = await tasksOf(db, tenant.merchantCode, codes);
  const memberId = actor.auth?.member.id ?? null;
  const joined = memberId === null ? new Map<string, Date>() : await joinedAt(db, tenant.merchantCode, memberId, codes);
  const claims =
    memberId === null || tasks.length === 0
      ? []
      : await db
          .select({ taskId: missionClaims.taskId, period: missionClaims.period })
          .from(missionClaims)
          .where(and(eq(missionClaims.memberId, memberId), inArray(missionClaims.taskId, tasks.map((t) => t.id))));
  const claimed = new Set(claims.map((c) => `${c.taskId}:${c.period}`));
  const list = await Promise.all(
    rows.map(async (row): Promise<Mission> => {
      const status = periodStatus(row, now);
      const at = joined.get(row.code);
      const mine = tasks.filter((t) => t.promotionCode === row.code);
      const presented = await Promise.all(
        mine.map(async (task) => {
          if (memberId === null || !at) return presentTask(task, row, week, lang, 0, 'locked');
          const progress = await progressOf(db, memberId, task, windowOf(task, row, at, week));
          return presentTask(task, row, week, lang, progress, stateOf(task, progress, claimed.has(`${task.id}:${periodKey(task, week)}`), status === null));
        }),
      );
      return {
        code: row.code,
        title: row.title,
        ...(status === 'coming_soon' || status === 'closed' ? { status } : {}),
        ...(row.startsAt ? { startsAt: row.startsAt.toISOString() } : {}),
        ...(row.endsAt ? { endsAt: row.endsAt.toISOString() } : {}),
        joined: at !== undefined,
        ...(at ? { joinedAt: at.toISOString() } : {}),
        canJoin: memberId !== null && at === undefined && status === null,
        points: memberId === null ? 0 : await weekPoints(db, tenant.merchantCode, memberId, row.code, week),
        tasks: presented,
      };
    }),
  );
  return { list, currency: tenant.settings.currency.code, weekStart: week.start, weekEndsAt: week.until.toISOString() };
}

/**
 * POST claim: grants a completed task's reward and points once per period, in `once`, the runner
 * of the request's Idempotency-Key (its hash has the path: a key reused for another task is a 422).
 */
export async function claimMissionTask(platform: Platform, actor: Actor, code: string, taskId: number, once: Once, langQuery?: string): Promise<Claim> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertRealMember(member);
  assertVerifiedPerson(member);
  await assertNotExcluded(platform.db.orm, tenant, member.id);
  const db = platform.db.orm;
  const lang = contentLang(langQuery ?? tenant.i18n.default);
  const row = await missionOf(db, tenant, lang, code);
  const [task] = await db.select().from(missionTasks).where(and(eq(missionTasks.id, taskId), eq(missionTasks.merchantCode, tenant.merchantCode), eq(missionTasks.promotionCode, code), eq(missionTasks.enabled, true)));
  if (!task) throw new ApiError('mission.task.not.found', 404);
  return once(async (tx) => {
    const now = new Date();
    const status = periodStatus(row, now);
    if (status === 'coming_soon') throw new ApiError('promotion.not.started', 409);
    if (status === 'closed') throw new ApiError('promotion.closed', 409);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mission:${member.id}:${task.id}`}))`);
    // Then the person's: a task's reward is once per person and period, not per account.
    await lockPerson(tx, member);
    const at = (await joinedAt(tx, tenant.merchantCode, member.id, [code])).get(code);
    if (!at) throw new ApiError('mission.not.joined', 409);
    const week = weekOf(tenant, now);
    const progress = await progressOf(tx, member.id, task, windowOf(task, row, at, week));
    if (progress < task.target) throw new ApiError('mission.task.unmet', 409, { progress: toAmount(progress), target: toAmount(task.target) });
    const period = periodKey(task, week);
    const [byPerson] = await tx
      .select({ id: missionClaims.id })
      .from(missionClaims)
      .where(and(eq(missionClaims.taskId, task.id), eq(missionClaims.period, period), sql`${missionClaims.memberId} IN ${personIdsSql(member)}`))
      .limit(1);
    if (byPerson) throw new ApiError('mission.task.claimed', 409);
    const [claim] = await tx
      .insert(missionClaims)
      .values({ merchantCode: tenant.merchantCode, memberId: member.id, promotionCode: code, taskId: task.id, period, week: week.start, points: task.points })
      .onConflictDoNothing({ target: [missionClaims.memberId, missionClaims.taskId, missionClaims.period] })
      .returning();
    if (!claim) throw new ApiError('mission.task.claimed', 409);
    let rewardId: number | undefined;
    if (task.rewardAmount > 0) {
      const reward = await grantReward(tx, {
        merchantCode: tenant.merchantCode,
        memberId: member.id,
        source: 'mission',
        sourceRef: `${code}:${task.id}:${period || 'once'}`,
        promotionId: row.id,
        amount: task.rewardAmount,
        turnoverMultiplier: Number(task.turnoverMultiplier),
        expiryDays: expiryDaysOf(tenant),
      });
      if (reward) {
        rewardId = reward.id;
        await tx.update(missionClaims).set({ rewardId }).where(eq(missionClaims.id, claim.id));
      }
    }
    return {
      task: presentTask(task, row, week, lang, progress, 'claimed'),
      points: await weekPoints(tx, tenant.merchantCode, member.id, code, week),
      ...(rewardId !== undefined ? { rewardId } : {}),
    };
  });
}

/** GET ranking: the week's members of the tenant by the points of one mission, names masked; the member's own place. */
export async function missionRanking(platform: Platform, actor: Actor, code: string): Promise<Ranking> {
  const tenant = actor.tenant;
  const db = platform.db.orm;
  const row = await missionOf(db, tenant, undefined, code);
  const week = weekOf(tenant);
  const scope = sql`${missionClaims.merchantCode} = ${tenant.merchantCode} AND ${missionClaims.promotionCode} = ${row.code} AND ${missionClaims.week} = ${week.start}`;
  const top = await rowsOfSql<{ username: string; points: string | number; rank: string | number }>(
    db,
    sql`SELECT m.username, s.points, rank() OVER (ORDER BY s.points DESC) AS rank
        FROM (SELECT ${missionClaims.memberId} AS member_id, sum(${missionClaims.points}) AS points, max(${missionClaims.createdAt}) AS last
              FROM ${missionClaims} WHERE ${scope} GROUP BY ${missionClaims.memberId} HAVING sum(${missionClaims.points}) > 0) s
        JOIN members m ON m.id = s.member_id
        ORDER BY s.points DESC, s.last ASC, s.member_id ASC
        LIMIT ${RANKING_LIMIT}`,
  );
  const list = top.map((r) => ({ rank: Number(r.rank), name: maskName(r.username), points: Number(r.points) }));
  const memberId = actor.auth?.member.id;
  if (memberId === undefined) return { weekStart: week.start, list };
  const points = await weekPoints(db, tenant.merchantCode, memberId, row.code, week);
  if (points === 0) return { weekStart: week.start, list, mine: { rank: null, points } };
  const [ahead] = await rowsOfSql<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT ${missionClaims.memberId} FROM ${missionClaims} WHERE ${scope} GROUP BY ${missionClaims.memberId} HAVING sum(${missionClaims.points}) > ${points}) a`,
  );
  return { weekStart: week.start, list, mine: { rank: Number(ahead?.n ?? 0) + 1, points } };
}

// ---- Operators (ops verbs `promotions task-add|tasks|task-disable|task-enable`) ----

export interface NewMissionTask {
  merchant: string;
  code: string;
  kind: string;
  gameType?: string;
  /** Minor units. */
  target: number;
  period: string;
  points: number;
  /** Minor units. */
  rewardAmount: number;
  turnoverMultiplier: number;
  title: { EN: string; TY: string };
  sort?: number;
}

/** Adds a task to a MISSION promotion of the merchant, with its audit row. */
export async function createMissionTask(platform: Platform, actor: OpsActor, input: NewMissionTask): Promise<{ id: number }> {
  assertMerchant(actor, input.merchant);
  if (!platform.tenants.byMerchant(input.merchant)) throw new OpsRefusal('not.found', `no merchant ${input.merchant}`);
  if (!(TASK_KINDS as readonly string[]).includes(input.kind)) throw new OpsRefusal('validation.failed', `kind: one of ${TASK_KINDS.join(', ')}`);
  if (!(TASK_PERIODS as readonly string[]).includes(input.period)) throw new OpsRefusal('validation.failed', `period: one of ${TASK_PERIODS.join(', ')}`);
  if (input.gameType !== undefined && !/^[A-Z][A-Z0-9_]{0,19}$/.test(input.gameType)) throw new OpsRefusal('validation.failed', 'game type: 1 to 20 of A-Z 0-9 _ (RNG for slots)');
  if (!Number.isSafeInteger(input.target) || input.target <= 0) throw new OpsRefusal('validation.failed', 'target: above zero with at most 2 decimals');
  if (!Number.isInteger(input.points) || input.points < 0 || input.points > 1_000_000) throw new OpsRefusal('validation.failed', 'points: 0 to 1000000');
  if (!Number.isSafeInteger(input.rewardAmount) || input.rewardAmount < 0) throw new OpsRefusal('validation.failed', 'reward: 0 or more with at most 2 decimals');
  if (!(input.turnoverMultiplier >= 0 && input.turnoverMultiplier <= 50)) throw new OpsRefusal('validation.failed', 'turnover multiplier: 0 to 50');
  for (const lang of ['EN', 'TY'] as const) {
    if (!input.title[lang]?.trim() || input.title[lang].length > 120) throw new OpsRefusal('validation.failed', `title ${lang}: 1 to 120 characters`);
  }
  return platform.db.orm.transaction(async (tx) => {
    const [promo] = await tx.select({ type: promotions.type }).from(promotions).where(and(eq(promotions.merchantCode, input.merchant), eq(promotions.code, input.code)));
    if (!promo) throw new OpsRefusal('not.found', `no promotion ${input.code} in ${input.merchant}`);
    if (promo.type !== MISSION_TYPE) throw new OpsRefusal('validation.failed', `promotion ${input.code} is ${promo.type}, not MISSION`);
    const [row] = await tx
      .insert(missionTasks)
      .values({
        merchantCode: input.merchant,
        promotionCode: input.code,
        kind: input.kind as MissionTaskKind,
        gameType: input.gameType ?? null,
        target: input.target,
        period: input.period as MissionTaskPeriod,
        points: input.points,
        rewardAmount: input.rewardAmount,
        turnoverMultiplier: input.turnoverMultiplier.toFixed(2),
        titleEn: input.title.EN.trim(),
        titleTy: input.title.TY.trim(),
        sort: input.sort ?? 100,
      })
      .returning({ id: missionTasks.id });
    await writeAudit(tx, actor, { action: 'mission.task.create', merchantCode: input.merchant, targetType: 'mission_task', targetId: String(row.id), after: { ...input } });
    return { id: row.id };
  });
}

/** The tasks of one mission of the merchant, enabled or not. */
export async function listMissionTasks(platform: Platform, actor: OpsActor, merchant: string, code: string): Promise<MissionTaskRow[]> {
  assertMerchant(actor, merchant);
  return platform.db.orm
    .select()
    .from(missionTasks)
    .where(and(eq(missionTasks.merchantCode, merchant), eq(missionTasks.promotionCode, code)))
    .orderBy(asc(missionTasks.sort), asc(missionTasks.id));
}

/** Turns a task off (members no longer see or claim it) or on again, with its audit row. */
export async function setMissionTaskEnabled(platform: Platform, actor: OpsActor, merchant: string, id: number, enabled: boolean): Promise<void> {
  assertMerchant(actor, merchant);
  await platform.db.orm.transaction(async (tx) => {
    const changed = await tx.update(missionTasks).set({ enabled }).where(and(eq(missionTasks.merchantCode, merchant), eq(missionTasks.id, id))).returning({ id: missionTasks.id });
    if (changed.length === 0) throw new OpsRefusal('not.found', `no mission task ${id} in ${merchant}`);
    await writeAudit(tx, actor, { action: enabled ? 'mission.task.enable' : 'mission.task.disable', merchantCode: merchant, targetType: 'mission_task', targetId: String(id) });
  });
}
