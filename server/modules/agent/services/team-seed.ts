/**
 * A large agent team for `npm run bench` (team part) and the team index test, written fast: the
 * members in a few INSERT ... SELECT statements over generate_series (the team tree's trigger
 * links each one), wallets in one more, then bets through `ops records seed`'s writer
 * (seedRecords: balanced postings, bet_days and ledger_days kept), each bettor's on one day of the
 * last 30 so that one batch writes them. The shape: the agent, `branches` sub-agents under it,
 * `branches` sub-agents under each of those, a tenth of the players straight under the agent and
 * the rest under the second-level sub-agents (depth 3). Refused in production: it makes up money.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { rows } from '../../../db/client';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { ANALYZED_TABLES } from '../../site';
import { seedRecords, SEED_DAYS } from '../../records';

export interface TeamSeedOptions {
  tenantId: string;
  /** The new agent's username; its members are named `<agent>_a<n>`, `<agent>_b<n>`, `<agent>_p<n>`. */
  agent: string;
  /** Members below the agent, sub-agents included. */
  members: number;
  /** Members with bets (players, taken in order), and the bets they share. */
  bettors: number;
  bets: number;
  /** Sub-agents per agent on the first two levels (default 10). */
  branches?: number;
}

export interface TeamSeedResult {
  agentId: number;
  merchantCode: string;
  members: number;
  bets: number;
  ms: number;
}

const MAX_TEAM_SEED_MEMBERS = 1_000_000;

export async function seedTeam(platform: Platform, actor: OpsActor, opts: TeamSeedOptions): Promise<TeamSeedResult> {
  const started = performance.now();
  if (platform.config.production) throw new OpsRefusal('records.seed.production', 'team seed makes up members, bets and money: not in production');
  const tenant = platform.tenants.all.get(opts.tenantId);
  if (!tenant) throw new OpsRefusal('not.found', `no tenant ${opts.tenantId}`);
  assertMerchant(actor, tenant.merchantCode);
  const branches = opts.branches ?? 10;
  const level1 = Math.min(branches, opts.members);
  const level2 = Math.min(branches * branches, opts.members - level1);
  const players = opts.members - level1 - level2;
  if (!Number.isSafeInteger(opts.members) || opts.members < 0 || opts.members > MAX_TEAM_SEED_MEMBERS) throw new OpsRefusal('validation.failed', `members: 0 to ${MAX_TEAM_SEED_MEMBERS}`);
  if (!Number.isSafeInteger(opts.bettors) || opts.bettors < 0 || opts.bettors > players) throw new OpsRefusal('validation.failed', `bettors: 0 to ${players} (the players)`);
  const mc = tenant.merchantCode;
  const currency = tenant.settings.currency.code;
  const agent = opts.agent;
  if (await platform.repos.members.byUsername(mc, agent)) throw new OpsRefusal('validation.failed', `${agent} exists in ${tenant.id}`);

  const direct = Math.floor(players / 10);
  await platform.db.orm.transaction(async (tx) => {
    const [root] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO members (merchant_code, username, type, register_method) VALUES (${mc}, ${agent}, 1, 'SEED') RETURNING id::text`,
    );
    const byName = (prefix: string, n: SQL) => sql`(SELECT id FROM members WHERE merchant_code = ${mc} AND lower(username) = lower(${agent} || ${prefix} || ${n}))`;
    // Registration times spread over the last 30 days; the newest members first get the higher numbers.
    const regDate = sql`now() - ((g % ${SEED_DAYS}) * interval '1 day') - ((g % 1440) * interval '1 minute')`;
    await tx.execute(sql`INSERT INTO members (merchant_code, username, type, upline_id, register_method, reg_date)
      SELECT ${mc}, ${agent} || '_a' || g, 1, ${root.id}::bigint, 'SEED', ${regDate} FROM generate_series(1, ${level1}) g`);
    await tx.execute(sql`INSERT INTO members (merchant_code, username, type, upline_id, register_method, reg_date)
      SELECT ${mc}, ${agent} || '_b' || g, 1, ${byName('_a', sql`(1 + (g - 1) % ${level1})`)}, 'SEED', ${regDate} FROM generate_series(1, ${level2}) g`);
    await tx.execute(sql`INSERT INTO members (merchant_code, username, type, upline_id, register_method, reg_date, last_login_at)
      SELECT ${mc}, ${agent} || '_p' || g, 0,
        CASE WHEN g <= ${direct} OR ${level2} = 0 THEN ${root.id}::bigint ELSE ${byName('_b', sql`(1 + (g - 1) % greatest(${level2}, 1))`)} END,
        'SEED', ${regDate}, ${regDate} + interval '1 hour'
      FROM generate_series(1, ${players}) g`);
    await tx.execute(sql`INSERT INTO ledger_accounts (merchant_code, member_id, kind, currency)
      SELECT ${mc}, t.descendant_id, 'WALLET', ${currency} FROM member_tree t WHERE t.ancestor_id = ${root.id}::bigint`);
  });
  const agentRow = (await platform.repos.members.byUsername(mc, agent))!;

  let bets = 0;
  for (let i = 0; i < opts.bettors; i++) {
    const share = Math.floor(opts.bets / opts.bettors) + (i < opts.bets % opts.bettors ? 1 : 0);
    // Players from both ends: the direct ones (first numbers) and the deep ones (last numbers).
    const n = i % 2 === 0 ? 1 + i / 2 : players - (i - 1) / 2;
    const seeded = await seedRecords(platform, actor, { tenantId: tenant.id, username: `${agent}_p${n}`, bets: share, ago: i % SEED_DAYS });
    bets += seeded.bets;
  }
  await platform.db.orm.execute(sql.raw(`ANALYZE ${[...ANALYZED_TABLES, 'members', 'member_tree'].join(', ')}`));
  return { agentId: agentRow.id, merchantCode: mc, members: opts.members, bets, ms: performance.now() - started };
}
