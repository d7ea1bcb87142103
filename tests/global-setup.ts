/**
 * Once per Vitest run (for all its projects): a folder where the server tests keep their template
 * databases (migrated and seeded once, then copied per suite: see tests/server/helpers.ts). The first suite that
 * needs a template builds it; a run without server tests builds none. Afterwards the PostgreSQL
 * template (if one was made) is dropped and the folder removed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of this run's template databases (the PGlite dump, the build locks). */
    templateDir: string;
    /** Name of this run's PostgreSQL template database (made by the first suite that needs it; production's adds `_production`). */
    pgTemplate: string;
  }
}

/**
 * The run's folder and PostgreSQL template name, kept on the global object: each project of the
 * run calls this setup, from a module loaded for it alone.
 */
const RUN = Symbol.for('wl.test.templates');
type Run = { dir: string; pgTemplate: string };

export default function setup(project: TestProject): () => Promise<void> {
  const shared = globalThis as { [RUN]?: Run };
  const first = shared[RUN] === undefined;
  shared[RUN] ??= { dir: mkdtempSync(join(tmpdir(), 'wl-test-templates-')), pgTemplate: `wl_tpl_${randomBytes(6).toString('hex')}` };
  const { dir, pgTemplate } = shared[RUN];
  project.provide('templateDir', dir);
  project.provide('pgTemplate', pgTemplate);
  return async () => {
    if (!first) return;
    rmSync(dir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      // The test options' template, and production's (tests/server/helpers.ts).
      for (const name of [pgTemplate, `${pgTemplate}_production`]) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch {
      // PostgreSQL out of reach: no template was made on it either.
    } finally {
      await client.end().catch(() => {});
    }
  };
}
