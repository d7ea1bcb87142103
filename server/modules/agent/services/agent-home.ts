/**
 * The agent home (spec sections 2 and 4): the agent's balance and the four team counters of the
 * tenant's day, read from the team tree (server/modules/account/services/member-tree.ts), never by walking upline_id.
 */
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Home as AgentHome } from '../../../../src/generated/api/agent';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { zoneDate, zoneMidnight, zoneOffset } from '../../../../src/domain/date-range';
import { rows, type Executor } from '../../../db/client';
import { ApiError } from '../../../errors';
import { toAmount } from '../../../../src/domain/money';
import type { MemberRow } from '../../../repositories/members';
import { isAgentType } from '../../../../src/domain/member-types';
import { teamIdsSql, type TeamRoot } from '../../account';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Agents only (member type not 0, 4 or 40): 403 agent.required otherwise. */
export function assertAgent(member: Pick<MemberRow, 'type'>): void {
  if (!isAgentType(member.type)) throw new ApiError('agent.required', 403);
}

/** The tenant's day and the hour there at `now`. */
export function tenantClock(timeZone: string, now: number): { today: string; hour: number } {
  const local = now + zoneOffset(timeZone, now) * 60_000;
  return { today: zoneDate(timeZone, now), hour: Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS) };
}

interface TeamCounters {
  teamLoginMemberCount: number;
  teamBetMemberCount: number;
  teamRegisterMemberCount: number;
  teamOnlineCount: number;
}

/**
 * The team's counters of the tenant's day `today` (its midnight is `since`): members who logged in
 * since then, who bet that day (bet_days, kept with every bet), who registered since then, and who
 * hold a live session now. One statement over the team's ids.
 */
async function teamCounters(db: Executor, root: TeamRoot, today: string, since: Date): Promise<TeamCounters> {
  const [row] = await rows<Record<keyof TeamCounters, string | number>>(
    db,
    sql`WITH team AS ${teamIdsSql(root)}
      SELECT
        (SELECT count(*) FROM members m WHERE m.id IN (SELECT descendant_id FROM team) AND m.last_login_at >= ${since}) AS "teamLoginMemberCount",
        (SELECT count(DISTINCT d.member_id) FROM bet_days d WHERE d.member_id IN (SELECT descendant_id FROM team) AND d.day = ${today}::date AND d.bet_count > 0) AS "teamBetMemberCount",
        (SELECT count(*) FROM members m WHERE m.id IN (SELECT descendant_id FROM team) AND m.reg_date >= ${since}) AS "teamRegisterMemberCount",
        (SELECT count(DISTINCT s.member_id) FROM sessions s WHERE s.member_id IN (SELECT descendant_id FROM team)
           AND s.revoked_at IS NULL AND s.expires_at > now() AND s.ends_at > now()) AS "teamOnlineCount"`,
  );
  return {
    teamLoginMemberCount: Number(row.teamLoginMemberCount),
    teamBetMemberCount: Number(row.teamBetMemberCount),
    teamRegisterMemberCount: Number(row.teamRegisterMemberCount),
    teamOnlineCount: Number(row.teamOnlineCount),
  };
}

/** GET /wps/agent/home. */
export async function agentHome(platform: Platform, tenant: Tenant, member: MemberRow, now: number = Date.now()): Promise<AgentHome> {
  assertAgent(member);
  const timeZone = tenantTimeZone(tenant);
  const { today, hour } = tenantClock(timeZone, now);
  const since = new Date(zoneMidnight(timeZone, today));
  const [footer, wallet] = await Promise.all([
    teamCounters(platform.db.orm, { id: member.id, merchantCode: member.merchantCode }, today, since),
    platform.repos.ledger.walletOf(member.id),
  ]);
  return {
    userName: member.username,
    type: member.type,
    balance: toAmount(wallet?.balance ?? 0),
    currency: wallet?.currency ?? tenant.settings.currency.code,
    today,
    hour,
    timeZone,
    footer,
  };
}
