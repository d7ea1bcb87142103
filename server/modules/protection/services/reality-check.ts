/**
 * The reality check (0025_player_protection.sql): every N minutes of a login (the member's choice,
 * else the tenant's settings.protection.realityCheckMinutes, default 60; 0 is off) the member is
 * shown the time played and the net result of the login's bets, and spins are refused until the
 * member acknowledges it. The due time lives on the server, per login (sessions.login_id, which
 * renewals keep), so a client that hides the overlay still cannot play past it.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { RealityState } from '../../../../src/generated/api/protection';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor } from '../../../db/client';
import { bets, memberProtection, members, realityChecks } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { toAmount } from '../../../../src/domain/money';
import type { Auth } from '../../../platform';

const DEFAULT_REALITY_MINUTES = 60;
/** The intervals a member may choose (1: for tests and demonstrations; 0: off). */
const REALITY_CHOICES = [0, 15, 30, 60, 120] as const;

function tenantRealityMinutes(tenant: Tenant): number {
  return tenant.settings.protection?.realityCheckMinutes ?? DEFAULT_REALITY_MINUTES;
}

/**
 * The reality check's interval and due time of the login of `auth`, in one read: the member's
 * chosen interval (else the tenant's) and the login's stored due time (else one interval after
 * the login began). The login and its start come with the session (renewals carry both over).
 */
async function realityDue(db: Executor, tenant: Tenant, auth: Auth): Promise<{ minutes: number; dueAt: Date | null; startedAt: Date }> {
  const [row] = await db
    .select({ minutes: memberProtection.realityCheckMinutes, dueAt: realityChecks.dueAt })
    .from(members)
    .leftJoin(memberProtection, eq(memberProtection.memberId, members.id))
    .leftJoin(realityChecks, eq(realityChecks.loginId, auth.session.loginId))
    .where(eq(members.id, auth.member.id));
  const minutes = row?.minutes ?? tenantRealityMinutes(tenant);
  const startedAt = auth.session.createdAt;
  const dueAt = minutes === 0 ? null : (row?.dueAt ?? new Date(startedAt.getTime() + minutes * 60_000));
  return { minutes, dueAt, startedAt };
}

/** The reality check of the login of `auth`, at `now`. */
export async function realityState(platform: Platform, tenant: Tenant, auth: Auth, now: Date = new Date()): Promise<RealityState> {
  const db = platform.db.orm;
  const { minutes, dueAt, startedAt } = await realityDue(db, tenant, auth);
  const [sum] = await db
    .select({ stakes: sql<string>`coalesce(sum(${bets.stake}), 0)`, wins: sql<string>`coalesce(sum(${bets.win}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, auth.member.id), gte(bets.createdAt, startedAt)));
  const stakes = Number(sum?.stakes ?? 0);
  const wins = Number(sum?.wins ?? 0);
  return {
    minutes,
    choices: [...REALITY_CHOICES],
    ...(dueAt ? { dueAt: dueAt.toISOString() } : {}),
    due: dueAt !== null && dueAt <= now,
    startedAt: startedAt.toISOString(),
    playedSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    stakes: toAmount(stakes),
    wins: toAmount(wins),
    net: toAmount(wins - stakes),
  };
}

/** Refuses a spin (409 reality.check.due, with the state) while the login's check is due. */
export async function assertRealityNotDue(platform: Platform, tenant: Tenant, auth: Auth, now: Date = new Date()): Promise<void> {
  // The due time alone (one read); the whole state (with the login's bets) only for the refusal.
  const { dueAt } = await realityDue(platform.db.orm, tenant, auth);
  if (dueAt !== null && dueAt <= now) throw new ApiError('reality.check.due', 409, await realityState(platform, tenant, auth, now));
}

async function setDue(db: Executor, loginId: string, memberId: number, dueAt: Date, acknowledged: boolean): Promise<void> {
  const values = { dueAt, ...(acknowledged ? { acknowledgedAt: new Date() } : {}) };
  await db
    .insert(realityChecks)
    .values({ loginId, memberId, ...values })
    .onConflictDoUpdate({ target: realityChecks.loginId, set: values });
}

/** The member's new interval; the next check of this login is one interval from now. */
export async function setRealityMinutes(platform: Platform, tenant: Tenant, auth: Auth, minutes: number): Promise<RealityState> {
  const db = platform.db.orm;
  const memberId = auth.member.id;
  const { loginId } = auth.session;
  await db.transaction(async (tx) => {
    await tx
      .insert(memberProtection)
      .values({ memberId, realityCheckMinutes: minutes })
      .onConflictDoUpdate({ target: memberProtection.memberId, set: { realityCheckMinutes: minutes, updatedAt: new Date() } });
    if (minutes > 0) await setDue(tx, loginId, memberId, new Date(Date.now() + minutes * 60_000), false);
  });
  return realityState(platform, tenant, auth);
}

/** The member has read a due check: the next is one interval from now. Not due: nothing changes. */
export async function acknowledgeReality(platform: Platform, tenant: Tenant, auth: Auth): Promise<RealityState> {
  const state = await realityState(platform, tenant, auth);
  if (!state.due) return state;
  const { loginId } = auth.session;
  await setDue(platform.db.orm, loginId, auth.member.id, new Date(Date.now() + state.minutes * 60_000), true);
  return realityState(platform, tenant, auth);
}

/** Development only: the check of this login is due now. */
export async function makeRealityDue(platform: Platform, tenant: Tenant, auth: Auth): Promise<RealityState> {
  const { loginId } = auth.session;
  await setDue(platform.db.orm, loginId, auth.member.id, new Date(Date.now() - 1000), false);
  return realityState(platform, tenant, auth);
}
