/**
 * Time-outs and self-exclusions (0025_player_protection.sql). A member's exclusion takes effect at
 * once, ends every session of the member and is never lifted or shortened before its end, by the
 * member or an operator: rows are only inserted, and a new one must end later than the one in
 * force. While one is in force the member cannot log in, launch or play a game, deposit, join a
 * promotion or receive marketing messages (assertNotExcluded at each of those doors); withdrawals
 * already requested stay payable.
 */
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Exclusion, ExclusionState, OpsExclusion } from '../../../../src/generated/api/protection';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { exclusionEnd, periodOfKind, SELF_EXCLUSION_PERIODS, TIMEOUT_PERIODS, zoneDateTime, type ExclusionKind, type ExclusionPeriod } from '../../../../src/domain/date-range';
import type { Executor } from '../../../db/client';
import { memberExclusions, members, sessions } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { lockMember } from '../../../money';

type Row = typeof memberExclusions.$inferSelect;

/** The exclusion in force for a member at `now` (the one ending last), or null. */
async function activeExclusion(db: Executor, memberId: number, now: Date = new Date()): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(memberExclusions)
    .where(and(eq(memberExclusions.memberId, memberId), lte(memberExclusions.startsAt, now), gt(memberExclusions.endsAt, now)))
    .orderBy(desc(memberExclusions.endsAt))
    .limit(1);
  return row ?? null;
}

/**
 * The exclusion in force of the member whose session `token` was (ended or not): a member whose
 * sessions an exclusion ended is told why and until when, not only that the session is gone.
 */
export async function exclusionOfToken(db: Executor, tokenHash: string, merchantCodes: readonly string[]): Promise<Row | null> {
  const [s] = await db.select({ memberId: sessions.memberId, merchantCode: sessions.merchantCode }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  if (!s || !merchantCodes.includes(s.merchantCode)) return null;
  return activeExclusion(db, s.memberId);
}

/** The members of a merchant with an exclusion in force (few: they are looked up, not scanned). */
export async function excludedInMerchant(db: Executor, merchantCode: string, now: Date = new Date()): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ memberId: memberExclusions.memberId })
    .from(memberExclusions)
    .where(and(eq(memberExclusions.merchantCode, merchantCode), lte(memberExclusions.startsAt, now), gt(memberExclusions.endsAt, now)));
  return new Set(rows.map((r) => r.memberId));
}

function present(tenant: Tenant, row: Row): Exclusion {
  return {
    kind: row.kind,
    period: row.period,
    startsAt: row.startsAt.toISOString(),
    until: row.endsAt.toISOString(),
    date: zoneDateTime(tenantTimeZone(tenant), row.endsAt.getTime()),
  };
}

/** The refusal of an excluded member: the end date in the tenant's zone for the message's {{date}}. */
export function excludedError(tenant: Tenant, row: Row, status: 401 | 403 = 403): ApiError {
  const e = present(tenant, row);
  return new ApiError('member.excluded', status, { kind: e.kind, until: e.until, date: e.date, params: { date: e.date } });
}

/** Refuses (403 member.excluded) a member with an exclusion in force. */
export async function assertNotExcluded(db: Executor, tenant: Tenant, memberId: number, status: 401 | 403 = 403): Promise<void> {
  const row = await activeExclusion(db, memberId);
  if (row) throw excludedError(tenant, row, status);
}

export async function exclusionState(platform: Platform, tenant: Tenant, memberId: number): Promise<ExclusionState> {
  const row = await activeExclusion(platform.db.orm, memberId);
  return { ...(row ? { current: present(tenant, row) } : {}), timeout: [...TIMEOUT_PERIODS], selfExclusion: [...SELF_EXCLUSION_PERIODS] };
}

/**
 * Starts an exclusion now and ends every session of the member, in one transaction that holds
 * the member's row, so two requests racing cannot both decide against the same earlier state.
 */
export async function exclude(platform: Platform, tenant: Tenant, memberId: number, kind: ExclusionKind, period: ExclusionPeriod): Promise<Exclusion> {
  if (!periodOfKind(kind, period)) throw validationError('/period', { location: 'body', reason: `not a ${kind} period` });
  return platform.db.orm.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const startsAt = new Date();
    const endsAt = new Date(exclusionEnd(period, startsAt.getTime()));
    const current = await activeExclusion(tx, memberId, startsAt);
    if (current && current.endsAt >= endsAt) {
      const e = present(tenant, current);
      throw new ApiError('exclusion.shorten', 409, { until: e.until, date: e.date, params: { date: e.date } });
    }
    const [row] = await tx.insert(memberExclusions).values({ merchantCode: tenant.merchantCode, memberId, kind, period, startsAt, endsAt }).returning();
    await platform.repos.sessions.revokeAll(tx, memberId);
    return present(tenant, row);
  });
}

// ---- Operators ----

const withUsername = { row: memberExclusions, username: members.username };

function presentOps(row: Row, username: string, now: Date): OpsExclusion {
  return {
    id: row.id,
    merchantCode: row.merchantCode,
    username,
    kind: row.kind,
    period: row.period,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    active: row.startsAt <= now && row.endsAt > now,
  };
}

export async function listExclusions(platform: Platform, actor: OpsActor, opts: { merchant?: string; active?: boolean; limit?: number }): Promise<OpsExclusion[]> {
  if (opts.merchant) assertMerchant(actor, opts.merchant);
  const scope = opts.merchant ? [opts.merchant] : actor.merchantCodes;
  if (scope !== null && scope.length === 0) return [];
  const now = new Date();
  const rows = await platform.db.orm
    .select(withUsername)
    .from(memberExclusions)
    .innerJoin(members, eq(members.id, memberExclusions.memberId))
    .where(
      and(
        scope === null ? undefined : inArray(memberExclusions.merchantCode, [...scope]),
        opts.active ? and(lte(memberExclusions.startsAt, now), gt(memberExclusions.endsAt, now)) : undefined,
      ),
    )
    .orderBy(desc(memberExclusions.endsAt), desc(memberExclusions.id))
    .limit(opts.limit ?? 50);
  return rows.map((r) => presentOps(r.row, r.username, now));
}

/**
 * An operator's actor to lift or shorten an exclusion: refused while it is in force (the
 * member's decision holds to its end), the attempt written to the audit. One that has ended has
 * nothing left to lift: it is answered as it is.
 */
export async function liftExclusion(platform: Platform, actor: OpsActor, id: number, reason: string, endsAt?: string): Promise<OpsExclusion> {
  const [found] = await platform.db.orm.select(withUsername).from(memberExclusions).innerJoin(members, eq(members.id, memberExclusions.memberId)).where(eq(memberExclusions.id, id));
  // Another merchant's exclusion is as unknown as a missing one.
  if (!found || (actor.merchantCodes !== null && !actor.merchantCodes.includes(found.row.merchantCode))) {
    throw new OpsRefusal('exclusion.not.found', `no exclusion ${id}`);
  }
  const now = new Date();
  if (found.row.endsAt <= now) return presentOps(found.row, found.username, now);
  await writeAudit(platform.db.orm, actor, {
    action: 'exclusion.lift.refused',
    merchantCode: found.row.merchantCode,
    targetType: 'exclusion',
    targetId: id,
    reason,
    before: presentOps(found.row, found.username, new Date()),
    after: endsAt ? { endsAt } : null,
  });
  throw new OpsRefusal('exclusion.irreversible', `exclusion ${id} of ${found.row.merchantCode}/${found.username} cannot be lifted or shortened before ${found.row.endsAt.toISOString()}`);
}
