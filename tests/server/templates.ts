/**
 * The run's template databases (tests/global-setup.ts gives their folder): which is built, and a
 * PGlite DATA_DIR made from the template for the processes the tests start (a server, the ops
 * CLI) where a first start is not what the test is about. Light on purpose (Node and Vitest
 * only): the tests outside tests/server that start such processes import it too.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The key-encryption key of the test servers (PostgreSQL refuses to start without one). */
export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A template's state in the run's folder, shared by the worker processes: `ready`; `mine` (this
 * call took the lock, a directory: the caller builds it, then calls `templateBuilt`); `busy`
 * (another process is building it, or failed to).
 */
export function templateState(name: string): 'ready' | 'mine' | 'busy' {
  const dir = inject('templateDir');
  if (existsSync(join(dir, `${name}.ready`))) return 'ready';
  try {
    mkdirSync(join(dir, `${name}.lock`));
    return 'mine';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return 'busy';
  }
}

export const templateBuilt = (name: string) => writeFileSync(join(inject('templateDir'), `${name}.ready`), '');

/** Waits until another process has built the template; false when it is not ready within `timeoutMs`. */
export async function templateReady(name: string, timeoutMs = Infinity): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (templateState(name) !== 'ready') {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** The run's PGlite template: a `dumpDataDir()` tarball of a database migrated and seeded. */
export const pgliteTemplateFile = () => join(inject('templateDir'), 'pglite.tar');

/** What a process that built a template waits for at most before going on without it. */
const TEMPLATE_WAIT_MS = 120_000;

/**
 * The run's PGlite dump, built here when no process has started to (as a service test's platform
 * builds it: migrated and seeded, then dumped); false when another process builds it and it is
 * not ready in time.
 */
async function pgliteDump(): Promise<boolean> {
  const state = templateState('pglite');
  if (state === 'busy') return templateReady('pglite', TEMPLATE_WAIT_MS);
  if (state === 'mine') {
    const [{ openPlatform }, { baseOptions, dumpTemplate }] = await Promise.all([import('../../server/platform'), import('./helpers')]);
    const quiet = () => {};
    const platform = await openPlatform(baseOptions('pglite'), { debug: quiet, info: quiet, warn: quiet, error: quiet });
    try {
      await dumpTemplate(platform.db, pgliteTemplateFile());
    } finally {
      await platform.close();
    }
  }
  return true;
}

/** The key file a server without KEY_ENCRYPTION_KEY keeps in its data folder (server/lib/key-encryption.ts). */
const KEY_FILE = 'key-encryption.key';

/**
 * Fills the empty folder `dataDir` with what a server leaves in its DATA_DIR after a first start
 * on the repository's tenants: the run's template database (migrated, merchants and demo members
 * seeded) in `pgdata`, and the key file its JWE private keys are sealed with
 * (TEST_KEY_ENCRYPTION_KEY). A server or the ops CLI started on it (without KEY_ENCRYPTION_KEY)
 * finds nothing to migrate or seed. The folder is copied from one made once per run from the
 * dump. False (the folder left empty: the process makes its database, as on a first start) when
 * another process is still making the template after a while.
 */
export async function templateDataDir(dataDir: string): Promise<boolean> {
  const template = join(inject('templateDir'), 'pglite-data');
  const state = templateState('pglite-data');
  if (state === 'busy' && !(await templateReady('pglite-data', TEMPLATE_WAIT_MS))) return false;
  if (state === 'mine') {
    const release = () => rmSync(join(inject('templateDir'), 'pglite-data.lock'), { recursive: true, force: true });
    try {
      if (!(await pgliteDump())) {
        release();
        return false;
      }
      const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
      rmSync(template, { recursive: true, force: true });
      mkdirSync(template, { recursive: true });
      const db = new PGlite(join(template, 'pgdata'), { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(pgliteTemplateFile())]) });
      await db.waitReady;
      await db.close();
      writeFileSync(join(template, KEY_FILE), `${TEST_KEY_ENCRYPTION_KEY}\n`, { mode: 0o600 });
    } catch (err) {
      // Another process may try again.
      release();
      throw err;
    }
    templateBuilt('pglite-data');
  }
  cpSync(template, dataDir, { recursive: true });
  return true;
}
