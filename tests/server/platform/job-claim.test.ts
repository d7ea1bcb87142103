/**
 * Background jobs on two instances sharing one PostgreSQL schema: each run takes the job's claim
 * (server/lib/job-claim.ts), so a run that finds it taken is skipped and each expired deposit is
 * handled by one instance, once.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { applicationName, rows } from '../../../server/db/client';
import { runDepositJobs } from '../../../server/plugins/app/deposit-jobs';
import { fundedPlayer, PG_URL, postgresAvailable, startServer, twoInstances } from '../helpers';
import { ageDeposit, newDeposit } from '../wallet-deposit-helpers';

describe.skipIf(!postgresAvailable && !process.env.CI)('background jobs on two instances', () => {
  const two = twoInstances();
  const { schema, pgUrl } = two;

  it('the deposit expiry runs on one instance at a time: the other run is skipped, each expired deposit is expired once', async () => {
    const deposits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await fundedPlayer(two.a.app, 0);
      for (let j = 0; j < 2; j++) deposits.push((await newDeposit(two.a.app, token, 'bank', 500 + j)).id);
    }
    for (const id of deposits) await ageDeposit(two.a.app, id);
    // The test's own connection holds one of the deposits: instance A's run, claim taken, waits
    // in its UPDATE while instance B runs.
    const holder = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
    const watcher = new pg.Client({ connectionString: PG_URL });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM deposits WHERE id = $1 FOR UPDATE', [deposits[0]]);
      const first = runDepositJobs(two.a.app);
      let waiting = 0;
      for (let i = 0; i < 300 && waiting === 0; i++) {
        // pg_stat_activity is read once per transaction: asked on a connection of its own.
        const { rows: found } = await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE deposits%'`,
          [applicationName(schema)],
        );
        waiting = found[0].n;
        if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(waiting).toBe(1);
      const second = await runDepositJobs(two.b.app);
      expect(second).toEqual({ expired: 0, skipped: true });
      await holder.query('COMMIT');
      expect(await first).toEqual({ expired: deposits.length, skipped: false });
    } finally {
      await holder.end();
      await watcher.end();
    }
    const states = await rows<{ state: string; decided_by: string }>(
      two.a.app.db.orm,
      sql`SELECT state, decided_by FROM deposits WHERE id IN (${sql.join(deposits.map((id) => sql`${id}`), sql`, `)})`,
    );
    expect(states).toHaveLength(deposits.length);
    for (const s of states) expect(s).toEqual({ state: 'expired', decided_by: 'expiry' });
    // Both at once again: nothing left to do, and never both running.
    const again = await Promise.all([runDepositJobs(two.a.app), runDepositJobs(two.b.app)]);
    expect(again.map((r) => r.expired)).toEqual([0, 0]);
    expect(again.filter((r) => !r.skipped).length).toBeGreaterThanOrEqual(1);
  });

  it('the claim is the schema\'s: a deployment in another schema of the same database is not held up', async () => {
    const other = await startServer('postgres');
    try {
      const { runClaimed } = await import('../../../server/lib/job-claim');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      const held = runClaimed(two.a.app.db, 'deposit-jobs', async () => {
        started = true;
        await gate;
      });
      for (let i = 0; i < 300 && !started; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await runDepositJobs(two.b.app)).skipped).toBe(true);
      expect((await runDepositJobs(other.app)).skipped).toBe(false);
      release();
      await held;
    } finally {
      await other.close();
    }
  });
});
