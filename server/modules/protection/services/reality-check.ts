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
import { bets, memberProtection, realityChecks, sessions } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { toAmount } from '../../../../src/domain/money';
import type { Auth } from '../../../platform';

const DEFAULT_REALITY_MINUTES = 60;
/** The intervals a member may choose (1: for tests and demonstrations; 0: off). */
const REALITY_CHOICES = [0, 15, 30, 60, 120] as const;

function tenantRealityMinutes(tenant: Tenant): number {
  return tenant.settings.protection?.realityCheckMinutes ?? DEFAULT_REALITY_MINUTES;
}

async function memberMinutes(db: Executor, tenant: Tenant, memberId: number): Promise<number> {
  const [row] = await db.select({ minutes: memberProtection.realityCheckMinutes }).from(memberProtection).where(eq(memberProtection.memberId, memberId));
  return row?.minutes ?? tenantRealityMinutes(tenant);
}

/** The login a session token belongs to and when it began (renewals keep both). */
async function loginOf(db: Executor, tokenHash: string): Promise<{ loginId: string; startedAt: Date }> {
  const [row] = await db.select({ loginId: sessions.loginId, createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  if (!row) throw new ApiError('session.invalid', 401);
  const [first] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.tokenHash, row.loginId));
  return { loginId: row.loginId, startedAt: first?.createdAt ?? row.createdAt };
}

/** The reality check of the login of `auth`, at `now`. */
export async function realityState(platform: Platform, tenant: Tenant, auth: Auth, now: Date = new Date()): Promise<RealityState> {
  const db = platform.db.orm;
  const memberId = auth.member.id;
  const minutes = await memberMinutes(db, tenant, memberId);
  const { loginId, startedAt } = await loginOf(db, auth.session.tokenHash);
  const [check] = await db.select({ dueAt: realityChecks.dueAt }).from(realityChecks).where(eq(realityChecks.loginId, loginId));
  const dueAt = minutes === 0 ? null : (check?.dueAt ?? new Date(startedAt.getTime() + minutes * 60_000));
  const [sum] = await db
    .select({ stakes: sql<string>`coalesce(sum(${bets.stake}), 0)`, wins: sql<string>`coalesce(sum(${bets.win}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), gte(bets.createdAt, startedAt)));
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
export async function assertRealityNotDue(platform: Platform, tenant: Tenant, auth: Auth): Promise<void> {
  const state = await realityState(platform, tenant, auth);
  if (state.due) throw new ApiError('reality.check.due', 409, state);
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
  const { loginId } = await loginOf(db, auth.session.tokenHash);
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
  const { loginId } = await loginOf(platform.db.orm, auth.session.tokenHash);
  await setDue(platform.db.orm, loginId, auth.member.id, new Date(Date.now() + state.minutes * 60_000), true);
  return realityState(platform, tenant, auth);
}

/** Development only: the check of this login is due now. */
export async function makeRealityDue(platform: Platform, tenant: Tenant, auth: Auth): Promise<RealityState> {
  const { loginId } = await loginOf(platform.db.orm, auth.session.tokenHash);
  await setDue(platform.db.orm, loginId, auth.member.id, new Date(Date.now() - 1000), false);
  return realityState(platform, tenant, auth);
}
