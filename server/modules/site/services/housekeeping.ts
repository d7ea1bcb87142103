import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { rows, type Db } from '../../../db/client';
import { LEDGER_TABLES } from '../../../money';

/**
 * One housekeeping task: a table and the condition of its dead rows. Rows are deleted in
 * bounded batches (`ctid IN (SELECT ctid ... LIMIT n)`), so a large backlog never holds one long
 * lock. Adding a table is one line here. Order matters where rows reference each other
 * (play tokens before the sessions they point to).
 */
export interface HousekeepingTask {
  name: string;
  table: string;
  /** SQL condition (on the table's columns) of rows that may be deleted. */
  where: string;
}

export const HOUSEKEEPING_TASKS: HousekeepingTask[] = [
  { name: 'rate counters', table: 'rate_counters', where: 'reset_at < now()' },
  { name: 'play tokens', table: 'game_tokens', where: 'expires_at < now()' },
  {
    name: 'sessions',
    table: 'sessions',
    where: `(expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day' OR ends_at < now() - interval '1 day')
      AND NOT EXISTS (SELECT 1 FROM game_tokens g WHERE g.session_hash = sessions.token_hash)`,
  },
  { name: 'sms codes', table: 'sms_codes', where: `(expires_at < now() - interval '1 day' OR consumed_at < now() - interval '1 day')` },
  { name: 'captchas', table: 'captchas', where: 'expires_at < now()' },
  { name: 'outbox', table: 'outbox', where: `created_at < now() - interval '7 days'` },
  { name: 'spent JWE ids', table: 'jwe_replays', where: 'expires_at <= now()' },
  { name: 'idempotency keys', table: 'idempotency_keys', where: 'expires_at <= now()' },
  { name: 'operator sessions', table: 'operator_sessions', where: 'expires_at < now()' },
  // Game vendors' answered requests are replayed for 30 days (their transaction_uuids stay for good).
  { name: 'vendor requests', table: 'vendor_requests', where: `created_at < now() - interval '30 days'` },
];

/**
 * Tables the records' pages join or read by index, analyzed by housekeeping on PGlite (PostgreSQL's
 * autovacuum does it there): those that grow with play, and the catalogue the pages name games from.
 */
export const ANALYZED_TABLES = ['bets', 'bet_days', ...LEDGER_TABLES, 'games'];

export interface HousekeepingOptions {
  /** Rows per DELETE. */
  batchSize?: number;
  /** DELETEs per task and run; the rest waits for the next run. */
  maxBatches?: number;
  tasks?: HousekeepingTask[];
}

const HOUSEKEEPING_BATCH = 1000;
const HOUSEKEEPING_MAX_BATCHES = 50;

/** Deletes one batch; returns how many rows went. */
async function deleteBatch(db: Db, task: HousekeepingTask, batchSize: number): Promise<number> {
  const table = sql.identifier(task.table);
  const deleted = await rows<{ n: number }>(
    db,
    sql`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${sql.raw(task.where)} LIMIT ${batchSize}) RETURNING 1 AS n`,
  );
  return deleted.length;
}

/**
 * Runs every task: batches until one deletes fewer than `batchSize` rows or `maxBatches` is
 * reached. Returns the rows deleted per task name. A failing task is logged; the others still run.
 */
export async function runHousekeeping(platform: Platform, opts: HousekeepingOptions = {}): Promise<Record<string, number>> {
  const batchSize = opts.batchSize ?? HOUSEKEEPING_BATCH;
  const maxBatches = opts.maxBatches ?? HOUSEKEEPING_MAX_BATCHES;
  const result: Record<string, number> = {};
  for (const task of opts.tasks ?? HOUSEKEEPING_TASKS) {
    let total = 0;
    try {
      for (let batch = 0; batch < maxBatches; batch++) {
        const n = await deleteBatch(platform.db.orm, task, batchSize);
        total += n;
        if (n < batchSize) break;
      }
    } catch (err) {
      platform.log.error({ err, task: task.name }, 'housekeeping task failed');
    }
    result[task.name] = total;
  }
  if (platform.db.kind === 'pglite') {
    // PGlite runs no autovacuum: without fresh statistics the planner takes a member's million
    // bets for a handful and sorts them all instead of reading a page off the index.
    try {
      await platform.db.orm.execute(sql.raw(`ANALYZE ${ANALYZED_TABLES.join(', ')}`));
    } catch (err) {
      platform.log.error({ err }, 'housekeeping: ANALYZE failed');
    }
  }
  const deleted = Object.fromEntries(Object.entries(result).filter(([, n]) => n > 0));
  if (Object.keys(deleted).length > 0) platform.log.info({ deleted }, 'housekeeping: expired rows deleted');
  return result;
}
