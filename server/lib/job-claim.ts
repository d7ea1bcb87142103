import type { Database } from '../db/client';

/** What `runClaimed` answers when another run holds the claim. */
export const SKIPPED = 'skipped';

/** Jobs running in this process (PGlite: one process per data folder, so this is the claim). */
const runningHere = new WeakMap<Database, Set<string>>();

/**
 * Runs a background job on one instance at a time. On PostgreSQL a transaction on a connection
 * of its own takes `pg_try_advisory_xact_lock(hashtext('wl-job:<schema>:<name>'))` and holds it while `fn`
 * runs (on other connections), then commits, which releases it; an instance that dies mid-run
 * drops its connection and so the claim. Another instance that finds the claim taken does not
 * wait: it answers 'skipped' and tries again at its next run. On PGlite (one process per data
 * folder, one connection) the claim is per process.
 */
export async function runClaimed<T>(db: Database, name: string, fn: () => Promise<T>): Promise<T | typeof SKIPPED> {
  if (db.kind === 'pglite') {
    let names = runningHere.get(db);
    if (!names) runningHere.set(db, (names = new Set()));
    if (names.has(name)) return SKIPPED;
    names.add(name);
    try {
      return await fn();
    } finally {
      names.delete(name);
    }
  }
  return db.rawTransaction(async (tx) => {
    // Advisory locks are per database: the schema in the key keeps apart deployments that share one.
    const [claim] = await tx.query<{ taken: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('wl-job:' || current_schema() || ':' || $1)) AS taken", [name]);
    if (!claim?.taken) return SKIPPED;
    return fn();
  });
}
