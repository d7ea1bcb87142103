import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawTx } from './client';

/** Work that must follow a migration file in its transaction (a backfill needing the tenants' settings), by file name. */
export type MigrationFollowUps = Readonly<Record<string, (tx: RawTx) => Promise<void>>>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The SQL files to apply, in order (`0001_init.sql`, `0002_...`). */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
}

/**
 * Applies pending migrations in one transaction. The advisory lock (scoped to the current
 * schema) makes a second instance starting at the same moment wait, then find nothing to do.
 * A file's follow-up (`followUps[file]`) runs right after it, in the same transaction.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, followUps: MigrationFollowUps = {}): Promise<string[]> {
  const files = await migrationFiles(dir);
  return db.rawTransaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('wl-migrate:' || current_schema()))");
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(join(dir, file), 'utf8'));
      await followUps[file]?.(tx);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
