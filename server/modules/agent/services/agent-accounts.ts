/**
 * The agent's accounts (schemas/api/agent-accounts.json): opening a player or sub-agent account
 * under oneself, the rebate rates of one's direct downline (each within one's own), and the
 * rebates paid to one's team. Agents only (types other than 0, 4 and 40).
 *
 * Rates (member_rebate_rates, 0028): a member's own rate per game type, set by its upline. The
 * agent's own rate caps what it sets: its row when set, else its nearest upline's set rate, else
 * the tenant's ceiling (src/lib/agent-rebate-rates.ts). Lowering a sub-agent's rate lowers its
 * team's rates above it in the same transaction, so a rate is never above its upline's.
 *
 * Opening an account takes no Idempotency-Key: the unique username is the guard, so a replay of
 * the same actor creates nothing and answers 409 username.exists. An agent opens at most
 * settings.agentAccounts.openPerDay accounts (default 20) per tenant day: counted under a lock of
 * the agent's row in the opening's transaction, so racing openings cannot pass it; each opening
 * writes an audit row (agent.open) in the same transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Downline, OpenBody, Opened, Rates, RateInput, TeamRebates, TeamRebatesQuery } from '../../../../src/generated/api/agent-accounts';
import type { GameType, Tenant } from '../../../../src/generated/tenant';
import { bpToRate, ceilingBp, inheritedBp, rateCategories, rateProblem, rateToBp } from '../../../../src/domain/agent-rebate-rates';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { isIsoDate, shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { rows, type Executor, type Tx } from '../../../db/client';
import { memberRebateRates, members } from '../../../db/schema';
import { ApiError, invalidField, validationError } from '../../../errors';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { toAmount } from '../../../../src/domain/money';
import { hashPassword } from '../../../lib/passwords';
import { memberActor, writeAudit } from '../../../ops/audit';
import { rangeEcho, recordRange } from '../../../lib/record-range';
import { hostName } from '../../../lib/tenant-host';
import { enforce, FIELD_MESSAGES } from '../../../lib/validation-rules';
import { MEMBER_TYPE, type MemberRow } from '../../../repositories/members';
import { isAgentType } from '../../../../src/domain/member-types';
import { teamIdsSql, uplineChain } from '../../account';
import { uniqueViolation } from '../../../db/unique';
import { lockMember } from '../../../money';

/** The most direct downline agents the rates list answers. */
const DOWNLINE_LIMIT = 200;

function assertAgent(member: Pick<MemberRow, 'type'>): void {
  if (!isAgentType(member.type)) throw new ApiError('agent.required', 403);
}

/** Opening accounts has its own refusal: the team records' wording would not say what was refused. */
function assertMayOpen(member: Pick<MemberRow, 'type'>): void {
  if (!isAgentType(member.type)) throw new ApiError('agent.open.forbidden', 403);
}

type RateMap = Map<GameType, number>;

/** The set rates of these members, by member then game type (hundredths of a percent). */
async function setRatesOf(db: Executor, ids: readonly number[]): Promise<Map<number, RateMap>> {
  const out = new Map<number, RateMap>();
  if (ids.length === 0) return out;
  const found = await db
    .select({ memberId: memberRebateRates.memberId, gameType: memberRebateRates.gameType, rateBp: memberRebateRates.rateBp })
    .from(memberRebateRates)
    .where(inArray(memberRebateRates.memberId, [...ids]));
  for (const r of found) {
    const map = out.get(r.memberId) ?? new Map<GameType, number>();
    map.set(r.gameType as GameType, r.rateBp);
    out.set(r.memberId, map);
  }
  return out;
}

/** The member's own rate per category: set, else the nearest upline's set rate, else the ceiling. */
async function ownRates(db: Executor, tenant: Tenant, memberId: number): Promise<RateMap> {
  const chain = [memberId, ...(await uplineChain(db, memberId))];
  const set = await setRatesOf(db, chain);
  const own: RateMap = new Map();
  for (const type of rateCategories(tenant)) {
    own.set(type, inheritedBp(chain.map((id) => set.get(id)?.get(type) ?? null), ceilingBp(tenant, type)));
  }
  return own;
}

/**
 * Checks rates sent for a downline against the agent's own: 400 validation.failed for a category
 * the tenant does not offer or a rate with more than 2 decimals, 400 rebate.above.own naming the
 * category and the agent's own rate.
 */
function checkRates(input: RateInput, own: RateMap): Map<GameType, number> {
  const out = new Map<GameType, number>();
  for (const [key, rate] of Object.entries(input)) {
    const type = key as GameType;
    const field = `/rates/${type}`;
    const ownBp = own.get(type);
    if (ownBp === undefined || rate === undefined) throw invalidField(field, 'agent_rate_category_unknown');
    const problem = rateProblem(rate, ownBp);
    if (problem === 'rate.above.own') throw new ApiError('rebate.above.own', 400, { field, gameType: type, own: bpToRate(ownBp) });
    if (problem !== null) throw invalidField(field, problem === 'rate.decimals' ? 'agent_rate_decimals' : 'agent_rate_invalid');
    out.set(type, rateToBp(rate));
  }
  return out;
}

/** Writes `rates` as `memberId`'s own and lowers its team's rates above them (one transaction). */
async function writeRates(tx: Tx, merchantCode: string, agentId: number, memberId: number, rates: ReadonlyMap<GameType, number>): Promise<void> {
  for (const [gameType, rateBp] of rates) {
    await tx
      .insert(memberRebateRates)
      .values({ memberId, merchantCode, gameType, rateBp, setBy: agentId })
      .onConflictDoUpdate({ target: [memberRebateRates.memberId, memberRebateRates.gameType], set: { rateBp, setBy: agentId, updatedAt: sql`now()` } });
    await tx
      .update(memberRebateRates)
      .set({ rateBp, updatedAt: sql`now()` })
      .where(
        and(
          eq(memberRebateRates.gameType, gameType),
          sql`${memberRebateRates.rateBp} > ${rateBp}`,
          sql`${memberRebateRates.memberId} IN ${teamIdsSql({ id: memberId, merchantCode })}`,
        ),
      );
  }
}

function presentDownline(tenant: Tenant, m: Pick<MemberRow, 'id' | 'username' | 'type' | 'regDate'>, own: RateMap | undefined, inherited: RateMap): Downline {
  return {
    id: m.id,
    username: m.username,
    type: m.type,
    regDate: m.regDate.toISOString(),
    rates: rateCategories(tenant).map((gameType) => ({ gameType, rate: bpToRate(own?.get(gameType) ?? Math.min(inherited.get(gameType) ?? 0, ceilingBp(tenant, gameType))) })),
  };
}

/** The most accounts one agent opens in a tenant day (default 20). */
const openPerDayOf = (tenant: Tenant): number => tenant.settings.agentAccounts?.openPerDay ?? 20;

/** The agent's openings so far in the tenant day holding `now`, and when that day ends. */
async function openedToday(db: Executor, tenant: Tenant, agentId: number, now = Date.now()): Promise<{ count: number; resetsAt: Date }> {
  const timeZone = tenantTimeZone(tenant);
  const today = zoneDate(timeZone, now);
  const from = new Date(zoneMidnight(timeZone, today));
  const resetsAt = new Date(zoneMidnight(timeZone, shiftDate(today, 1)));
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM members WHERE upline_id = ${agentId} AND register_method = 'AGENT' AND reg_date >= ${from.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), resetsAt };
}

/** Refuses an opening past the day's limit: 429 agent.open.limit naming the limit and when it resets. */
function assertUnderLimit(tenant: Tenant, opened: { count: number; resetsAt: Date }): void {
  const limit = openPerDayOf(tenant);
  if (opened.count >= limit) throw new ApiError('agent.open.limit', 429, { limit, resetsAt: opened.resetsAt.toISOString() });
}

/** POST open: a player or sub-agent under the agent. */
export async function openAccount(platform: Platform, actor: Actor, body: OpenBody): Promise<Opened> {
  const tenant = actor.tenant;
  const agent = actor.auth!.member;
  assertMayOpen(agent);
  enforce('username', body.username, true);
  enforce('password', body.password, true);
  if (body.confirmPassword === '') throw invalidField('/confirmPassword', FIELD_MESSAGES.confirmMissing);
  if (body.confirmPassword !== body.password) throw invalidField('/confirmPassword', FIELD_MESSAGES.confirmMismatch);
  const own = await ownRates(platform.db.orm, tenant, agent.id);
  let rates = new Map<GameType, number>();
  if (body.kind === 'agent') {
    // A sub-agent starts at 0 in every category unless the agent gives it more (within its own).
    rates = new Map(rateCategories(tenant).map((type) => [type, 0]));
    for (const [type, bp] of checkRates(body.rates ?? {}, own)) rates.set(type, bp);
  } else if (body.rates && Object.keys(body.rates).length > 0) {
    checkRates(body.rates, own);
  }
  const merchantCode = tenant.merchantCode;
  // Refused before the costly hash when the day is already full; counted again under the lock below.
  assertUnderLimit(tenant, await openedToday(platform.db.orm, tenant, agent.id));
  // The same name, or one that looks like it (demopIayer beside demoplayer): taken.
  if (await platform.repos.members.byLookalike(merchantCode, body.username)) throw new ApiError('username.exists', 409, { field: '/username' });
  const passwordHash = await hashPassword(body.password, platform.config.passwordHashing);
  try {
    const member = await platform.db.orm.transaction(async (tx) => {
      // Racing openings of one agent queue here, so the count each one reads includes the others'.
      await lockMember(tx, agent.id);
      assertUnderLimit(tenant, await openedToday(tx, tenant, agent.id));
      const created = await platform.repos.members.create(tx, {
        merchantCode,
        username: body.username,
        type: body.kind === 'agent' ? MEMBER_TYPE.AGENT : MEMBER_TYPE.PLAYER,
        passwordHash,
        uplineId: agent.id,
        countryDialingCode: tenant.settings.countryDialingCode,
        registerMethod: 'AGENT',
        registerUrl: hostName(actor.host),
      });
      await platform.repos.ledger.openWallet(tx, merchantCode, created.id, tenant.settings.currency.code);
      if (rates.size > 0) await writeRates(tx, merchantCode, agent.id, created.id, rates);
      await writeAudit(tx, memberActor(agent), {
        action: 'agent.open',
        merchantCode,
        targetType: 'member',
        targetId: created.id,
        after: { username: created.username, type: created.type, uplineId: agent.id, rates: Object.fromEntries(rates) },
      });
      return created;
    });
    return { member: presentDownline(tenant, member, rates, new Map()) };
  } catch (err) {
    // Two openings racing for one name (or a replay): the unique index decides.
    const index = uniqueViolation(err);
    if (index === 'members_username_uq' || index === 'members_username_skeleton_uq') throw new ApiError('username.exists', 409, { field: '/username' });
    throw err;
  }
}

/** GET rates: the agent's own and its direct downline agents'. */
export async function agentRates(platform: Platform, tenant: Tenant, agent: MemberRow): Promise<Rates> {
  assertAgent(agent);
  const db = platform.db.orm;
  const own = await ownRates(db, tenant, agent.id);
  const downline = await db
    .select({ id: members.id, username: members.username, type: members.type, regDate: members.regDate })
    .from(members)
    .where(and(sql`${members.id} IN ${teamIdsSql(agent, { direct: true })}`, sql`${members.type} NOT IN (0, 4, 40)`))
    .orderBy(desc(members.regDate), desc(members.id))
    .limit(DOWNLINE_LIMIT);
  const set = await setRatesOf(
    db,
    downline.map((d) => d.id),
  );
  return {
    own: rateCategories(tenant).map((gameType) => ({ gameType, rate: bpToRate(own.get(gameType) ?? 0) })),
    downline: downline.map((d) => presentDownline(tenant, d, set.get(d.id), own)),
  };
}

/** PUT setRates: a direct downline member's rates, within the agent's own. */
export async function setDownlineRates(platform: Platform, tenant: Tenant, agent: MemberRow, memberId: number, input: RateInput): Promise<Downline> {
  assertAgent(agent);
  const db = platform.db.orm;
  const [target] = await db
    .select({ id: members.id, username: members.username, type: members.type, regDate: members.regDate })
    .from(members)
    .where(and(eq(members.id, memberId), sql`${members.id} IN ${teamIdsSql(agent, { direct: true })}`));
  if (!target) throw new ApiError('agent.member.not.found', 404);
  const own = await ownRates(db, tenant, agent.id);
  const rates = checkRates(input, own);
  await db.transaction(async (tx) => {
    // The agent's own rates are re-read under a lock of its row: an upline lowering them meanwhile is not overtaken.
    await lockMember(tx, agent.id);
    const now = await ownRates(tx, tenant, agent.id);
    checkRates(input, now);
    await writeRates(tx, tenant.merchantCode, agent.id, target.id, rates);
  });
  const set = await setRatesOf(db, [target.id]);
  return presentDownline(tenant, target, set.get(target.id), own);
}

// ---- The team's rebates ----

function fromCursor(cursor: string): { day: string; amount: number; memberId: number } {
  const [dayKey, amount, memberId] = decodeCursor(cursor, 3);
  const day = `${dayKey.slice(0, 4)}-${dayKey.slice(4, 6)}-${dayKey.slice(6, 8)}`;
  if (dayKey.length !== 8 || !isIsoDate(day)) throw validationError('/cursor', { location: 'querystring', reason: 'not a cursor of this list' });
  return { day, amount: Number(amount), memberId: Number(memberId) };
}

interface TeamRow {
  day: string;
  member_id: number | string;
  username: string;
  amount: number | string;
  claims: number | string;
}

/** GET teamRebates: rebates paid to the team by day and member, with the range's totals. */
export async function teamRebates(platform: Platform, tenant: Tenant, agent: MemberRow, query: TeamRebatesQuery): Promise<TeamRebates> {
  assertAgent(agent);
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? 20;
  const after = query.cursor ? fromCursor(query.cursor) : null;
  const db = platform.db.orm;
  const inRange = sql`c.member_id IN ${teamIdsSql(agent)} AND c.day >= ${range.days.start}::date AND c.day <= ${range.days.end}::date`;
  const keyset = after
    ? sql`AND (g.day < ${after.day}::date OR (g.day = ${after.day}::date AND (g.amount < ${after.amount} OR (g.amount = ${after.amount} AND g.member_id > ${after.memberId}))))`
    : sql``;
  const found = await rows<TeamRow>(
    db,
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.member_id, m.username, g.amount, g.claims FROM (
          SELECT c.day, c.member_id, sum(c.amount) AS amount, count(*) AS claims FROM rebate_claims c WHERE ${inRange} GROUP BY c.day, c.member_id
        ) g JOIN members m ON m.id = g.member_id
        WHERE true ${keyset}
        ORDER BY g.day DESC, g.amount DESC, g.member_id ASC
        LIMIT ${pageSize + 1}`,
  );
  const [totals] = await rows<{ amount: string | null; claims: string; members: string }>(
    db,
    sql`SELECT sum(c.amount) AS amount, count(*) AS claims, count(DISTINCT c.member_id) AS members FROM rebate_claims c WHERE ${inRange}`,
  );
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  const wallet = await platform.repos.ledger.walletOf(agent.id);
  return {
    range: rangeEcho(range),
    list: page.map((r) => ({ day: r.day, memberId: Number(r.member_id), username: r.username, amount: toAmount(Number(r.amount)), claims: Number(r.claims) })),
    totals: { amount: toAmount(Number(totals?.amount ?? 0)), claims: Number(totals?.claims ?? 0), members: Number(totals?.members ?? 0) },
    currency: wallet?.currency ?? tenant.settings.currency.code,
    ...(found.length > pageSize && last ? { nextCursor: encodeCursor([Number(last.day.replaceAll('-', '')), Number(last.amount), Number(last.member_id)]) } : {}),
  };
}
