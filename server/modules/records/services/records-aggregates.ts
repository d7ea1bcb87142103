/**
 * The records' per-day aggregates (migration 0015): bet_days (a member's bets per tenant day and
 * game) and ledger_days (a member account's entries per tenant day and posting kind). The bet and
 * ledger repositories keep them in the transaction of every bet and posting; this module
 * recomputes them from the rows themselves: once when migration 0015 is applied (existing rows),
 * and on `ops records rebuild` (a tenant whose time zone changed, a repair). The records' totals
 * read them, so a range's totals cost a row per day and kind however many bets the member placed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import { DEFAULT_TIME_ZONE, tenantTimeZone } from '../../../../src/lib/app-config';
import { rows, type Executor, type RawTx } from '../../../db/client';
import { ledgerDaysRebuildSql } from '../../../money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';

/** A merchant code and the time zone its days are counted in. */
export interface MerchantZone {
  merchantCode: string;
  timeZone: string;
}

/** The merchants of the tenants (each tenant's merchant and trial merchant) with their zones. */
export function tenantZones(tenants: Iterable<Tenant>): MerchantZone[] {
  return [...tenants].flatMap((t) => [
    { merchantCode: t.merchantCode, timeZone: tenantTimeZone(t) },
    { merchantCode: t.trialMerchantCode, timeZone: tenantTimeZone(t) },
  ]);
}

/** Runs one statement and answers its rows: on a drizzle executor, or on a migration's raw transaction. */
export type RunSql = (query: SQL) => Promise<Record<string, unknown>[]>;

const onExecutor =
  (db: Executor): RunSql =>
  (query) =>
    rows<Record<string, unknown>>(db, query);

const dialect = new PgDialect();
export const onRawTx =
  (tx: RawTx): RunSql =>
  (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return tx.query<Record<string, unknown>>(text, params);
  };

export interface RebuildCounts {
  /** Rows written to bet_days and the bets they sum. */
  betDays: number;
  bets: number;
  /** Rows written to ledger_days and the entries they sum. */
  ledgerDays: number;
  entries: number;
}

const count = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Recomputes both aggregates of the merchants in `scope` (null: every merchant) from the bets and
 * the ledger entries, in the caller's transaction. The merchants' ledger accounts are locked
 * first, in id order as postings lock them: a bet or posting in flight finishes before, and the
 * next waits until the new rows are committed, so none is counted twice or lost. A merchant
 * `zones` does not name counts in the default zone.
 */
export async function rebuildRecordDays(run: RunSql, zones: readonly MerchantZone[], scope: readonly string[] | null): Promise<RebuildCounts> {
  const inScope = (column: SQL) => (scope === null ? sql`true` : sql`${column} IN (${sql.join(scope.map((code) => sql`${code}`), sql`, `)})`);
  const zoneTable = sql`(SELECT * FROM json_to_recordset(${JSON.stringify(zones.map((z) => ({ merchant_code: z.merchantCode, time_zone: z.timeZone })))}::json)
    AS z(merchant_code text, time_zone text))`;
  const ledgerDays = ledgerDaysRebuildSql(zoneTable, inScope);
  await run(ledgerDays.lock);

  await run(sql`DELETE FROM bet_days d USING members m WHERE m.id = d.member_id AND ${inScope(sql`m.merchant_code`)}`);
  const [bets] = await run(sql`WITH z AS ${zoneTable}, written AS (
      INSERT INTO bet_days (member_id, day, game_type, vassalage, bet_count, stake, valid_turnover, win)
      SELECT b.member_id, (b.created_at AT TIME ZONE coalesce(z.time_zone, ${DEFAULT_TIME_ZONE}))::date, b.game_type, b.vassalage,
             count(*), sum(b.stake), coalesce(sum(b.stake) FILTER (WHERE b.win <> b.stake), 0), sum(b.win)
      FROM bets b LEFT JOIN z ON z.merchant_code = b.merchant_code
      WHERE ${inScope(sql`b.merchant_code`)}
      GROUP BY 1, 2, 3, 4
      RETURNING bet_count)
    SELECT count(*) AS days, sum(bet_count) AS bets FROM written`);

  await run(ledgerDays.clear);
  const [entries] = await run(ledgerDays.fill);
  return { betDays: count(bets?.days), bets: count(bets?.bets), ledgerDays: count(entries?.days), entries: count(entries?.entries) };
}

export interface RebuildResult extends RebuildCounts {
  tenant: string;
  timeZone: string;
}

/** `ops records rebuild --tenant <id>`: both aggregates of the tenant's merchants, recomputed in one transaction with its audit row. */
export async function rebuildTenantRecords(platform: Platform, actor: OpsActor, tenantId: string): Promise<RebuildResult> {
  const tenant = platform.tenants.all.get(tenantId);
  if (!tenant) throw new OpsRefusal('not.found', `no tenant ${tenantId}`);
  assertMerchant(actor, tenant.merchantCode);
  const zones = tenantZones([tenant]);
  return platform.db.orm.transaction(async (tx) => {
    const counts = await rebuildRecordDays(onExecutor(tx), zones, [tenant.merchantCode, tenant.trialMerchantCode]);
    const result: RebuildResult = { tenant: tenant.id, timeZone: tenantTimeZone(tenant), ...counts };
    await writeAudit(tx, actor, {
      action: 'records.rebuild',
      merchantCode: tenant.merchantCode,
      targetType: 'tenant',
      targetId: tenant.id,
      reason: 'records aggregates recomputed from bets and ledger entries',
      after: { ...result },
    });
    return result;
  });
}
