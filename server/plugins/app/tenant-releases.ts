import { watch, type FSWatcher } from 'node:fs';
import { relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { loadTenants } from '../../../src/tenant/load';
import { REPO_ROOT } from '../../config';
import { applicationName } from '../../db/client';
import { activateDue, loadReleases, onReleaseSignal, pendingInstants, RELEASE_CHANNEL } from '../../modules/site';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this instance has heard and done of tenant releases (the counts tell an operator, and a test, that a switch came from a notification). */
    tenantReleases: ReleaseListening;
  }
}

interface ReleaseListening {
  /** Release notifications heard from PostgreSQL (changes made by any instance, this one included). */
  readonly notifications: number;
  /** Completed reloads of what is served. */
  readonly reloads: number;
  /** Resolves once the reload running now (and the one queued after it) has ended. */
  settled(): Promise<void>;
}

/** Pause before a lost listening connection is opened again. */
const RECONNECT_MS = 1_000;
/** setTimeout's longest delay; a version further away is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** An editor writes a file in several steps: the folder is read once they are done. */
const WATCH_SETTLE_MS = 150;

/**
 * Serves published tenant versions without a restart (server/modules/site/services/tenant-releases.ts):
 * - at start, the live versions and rollouts in the database replace the tenant files;
 * - a change is swapped in as one object (TenantRegistry.setReleases): at once for a change made
 *   in this process (the /ops API, the CLI through this server, PGlite), and through PostgreSQL's
 *   LISTEN/NOTIFY for changes made elsewhere, on a dedicated connection opened again when lost
 *   (then reloading, for the notifications missed meanwhile);
 * - a timer waits for the next scheduled version; every instance wakes at its instant, one of them
 *   makes it live and all reload;
 * - TENANTS_WATCH=1: a changed tenant file is validated and swapped in, or its error lines logged
 *   and the last good tenants kept.
 */
export default fp(async (app: FastifyInstance) => {
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let notifications = 0;
  let reloads = 0;
  app.decorate('tenantReleases', {
    get notifications() {
      return notifications;
    },
    get reloads() {
      return reloads;
    },
    settled: async () => {
      while (running) await running;
    },
  } satisfies ReleaseListening);

  async function reload(): Promise<void> {
    app.tenants.setReleases(await loadReleases(app.db.orm));
    clearTimeout(timer);
    const [next] = await pendingInstants(app.db.orm);
    if (!next || closing) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, next.getTime() - app.config.clock()));
    timer = setTimeout(() => {
      activateDue(app)
        .then((n) => (n ? undefined : refresh()))
        .catch((err: unknown) => app.log.error({ err }, 'scheduled tenant version failed to go live'));
    }, wait);
    timer.unref();
  }

  /** Reloads what is served; calls while one runs make one more run after it. */
  function refresh(): Promise<void> {
    if (closing) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await reload();
          reloads++;
          app.log.info({ tenants: [...app.tenants.all.keys()].length }, 'tenant versions reloaded');
        } catch (err) {
          app.log.error({ err }, 'tenant versions could not be reloaded');
        }
      } while (again && !closing);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  await reload();
  const unsubscribe = onReleaseSignal(app.db, refresh);

  // PostgreSQL: every instance hears the changes made by the others.
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const dbOption = app.config.db;
  if (dbOption !== 'pglite') {
    const schema = dbOption.schema ?? 'public';
    const connect = async (): Promise<void> => {
      if (closing) return;
      const client = new pg.Client({ connectionString: dbOption.pgUrl, application_name: `${applicationName(dbOption.schema)}:listen` });
      const lost = (err?: Error) => {
        if (listener !== client) return;
        listener = null;
        client.end().catch(() => {});
        if (closing) return;
        app.log.warn({ err }, 'tenant release listener lost: connecting again');
        reconnect = setTimeout(() => void connect(), RECONNECT_MS);
        reconnect.unref();
      };
      listener = client;
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (n) => {
        if (n.channel !== RELEASE_CHANNEL || n.payload !== schema) return;
        void refresh();
        notifications++;
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
        // What changed while no connection listened.
        void refresh();
      } catch (err) {
        lost(err as Error);
      }
    };
    await connect();
  }

  // TENANTS_WATCH=1: the tenant files.
  let watcher: FSWatcher | undefined;
  let settle: NodeJS.Timeout | undefined;
  if (app.config.tenantsWatch) {
    const reloadFiles = async () => {
      const { tenants, errors } = await loadTenants({ dir: relative(REPO_ROOT, app.config.tenantsDir) || '.' });
      const problems = errors.length ? errors : app.tenants.setFiles(tenants);
      if (problems.length) {
        for (const line of problems) app.log.error(line);
        app.log.error({ problems: problems.length }, 'tenant files not applied: the last good tenants are still served');
      } else app.log.info({ tenants: [...tenants.keys()] }, 'tenant files reloaded');
    };
    watcher = watch(app.config.tenantsDir, { recursive: true }, () => {
      clearTimeout(settle);
      settle = setTimeout(() => void reloadFiles().catch((err: unknown) => app.log.error({ err }, 'tenant files could not be read')), WATCH_SETTLE_MS);
    });
  }

  app.addHook('preClose', async () => {
    closing = true;
    unsubscribe();
    clearTimeout(timer);
    clearTimeout(reconnect);
    clearTimeout(settle);
    watcher?.close();
    const client = listener;
    listener = null;
    await client?.end().catch(() => {});
    await running;
  });
}, { name: 'tenant-releases', dependencies: ['db'] });
